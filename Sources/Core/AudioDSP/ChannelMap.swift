/// Channel-count conversion for clips (done at load time, never while rendering).
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
                for f in 0..<frames {
                    let i = f * inChannels, o = f * outChannels
                    if outChannels == 1 {
                        var sum: Float = 0
                        for c in 0..<inChannels { sum += src[i + c] }
                        dst[o] = sum / Float(inChannels)
                    } else {
                        for c in 0..<outChannels { dst[o + c] = src[i + c % inChannels] }
                    }
                }
            }
        }
        return out
    }
}
