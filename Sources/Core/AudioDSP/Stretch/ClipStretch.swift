extension Clip {
    /// The clip played at `speed` with its pitch kept, through the player's WSOLA stretcher, offline: dictation's
    /// slow replay (0.75×, 0.5×). Not for the real-time path (it allocates).
    public func stretched(speed: Double) -> Clip {
        guard speed != 1, frames > 0 else { return self }
        let stretcher = WSOLAStretcher(channels: channels, rate: rate, mapSeconds: 1)
        stretcher.speed = speed
        let block = 4096
        var out: [Float] = []
        out.reserveCapacity(Int(Double(samples.count) / speed) + block * channels)
        var scratch = [Float](repeating: 0, count: block * channels)
        samples.withUnsafeBufferPointer { input in
            scratch.withUnsafeMutableBufferPointer { buffer in
                var written = 0
                while !stretcher.isDrained {
                    if written < frames {
                        written += stretcher.write(input.baseAddress! + written * channels, frames: min(block, frames - written))
                        if written == frames { stretcher.finish() }
                    }
                    while true {
                        let n = stretcher.read(into: buffer.baseAddress!, frames: block)
                        if n == 0 { break }
                        out.append(contentsOf: buffer[0..<(n * channels)])
                    }
                }
            }
        }
        return Clip(name: name + "@\(speed)", rate: rate, channels: channels, samples: out)
    }
}
