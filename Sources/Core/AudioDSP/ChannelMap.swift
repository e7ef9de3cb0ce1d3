/// Channel-count conversion: clips at load time, a lesson's audio per period (`map` allocates nothing).
public enum ChannelMap {
    /// Mono is copied to every output channel; many channels go to mono as their mean; otherwise channel `c` of
    /// the output takes input channel `c` and extra output channels repeat the input's channels in turn.
    public static func convert(_ samples: [Float], from inChannels: Int, to outChannels: Int) -> [Float] {
        precondition(inChannels > 0 && outChannels > 0)
        if inChannels == outChannels { return samples }
        let frames = samples.count / inChannels
        var out = [Float](repeating: 0, count: frames * outChannels)
        samples.withUnsafeBufferPointer { src in
            out.withUnsafeMutableBufferPointer { dst in
                map(src.baseAddress!, channels: inChannels, into: dst.baseAddress!, channels: outChannels, frames: frames)
            }
        }
        return out
    }

    /// The same rule between buffers the caller owns: no allocation, for the render paths.
    @inline(__always)
    public static func map(_ src: UnsafePointer<Float>, channels inChannels: Int, into dst: UnsafeMutablePointer<Float>,
                           channels outChannels: Int, frames: Int) {
        for f in 0..<frames {
            let i = f * inChannels, o = f * outChannels
            if inChannels == outChannels {
                for c in 0..<outChannels { dst[o + c] = src[i + c] }
            } else if outChannels == 1 {
                var sum: Float = 0
                for c in 0..<inChannels { sum += src[i + c] }
                dst[o] = sum / Float(inChannels)
            } else {
                for c in 0..<outChannels { dst[o + c] = src[i + c % inChannels] }
            }
        }
    }
}
