/// A request to start a clip.
public struct PlayRequest: Sendable, BitwiseCopyable, Equatable {
    /// Index of the clip in the mixer's bank.
    public var clip: Int
    public var gain: Float
    /// The caller's name for this voice: later commands and the start report refer to it.
    public var token: UInt64
    /// Stream frame at which the first frame must sound; nil starts it in the next block rendered.
    public var at: Int64?
    /// When the cause reached the engine, in the caller's clock (nanoseconds); handed back untouched.
    public var arrival: UInt64

    public init(clip: Int, gain: Float = 1, token: UInt64 = 0, at: Int64? = nil, arrival: UInt64 = 0) {
        self.clip = clip
        self.gain = gain
        self.token = token
        self.at = at
        self.arrival = arrival
    }
}

/// What the control side can ask of the render side.
public enum MixerCommand: Sendable, BitwiseCopyable, Equatable {
    case play(PlayRequest)
    /// Fades the voice out within one block.
    case stop(token: UInt64)
    case stopAll
    /// Ramps the voice's gain to the new value across one block.
    case setGain(token: UInt64, gain: Float)
}

/// Reported by the render side for every voice that started sounding in the block just rendered.
public struct VoiceStart: Sendable, BitwiseCopyable, Equatable {
    public var token: UInt64
    public var arrival: UInt64
    /// Stream frame of the voice's first frame.
    public var frame: Int64
    /// Its offset within the block.
    public var offset: Int
}

/// The control side of a mixer: any one thread may hold it (single producer).
public struct MixerControl: Sendable {
    let queue: SPSCQueue<MixerCommand>
    public let clipCount: Int

    /// False when the queue is full (the render thread is not draining it) or the clip does not exist.
    @discardableResult
    public func play(_ request: PlayRequest) -> Bool {
        guard request.clip >= 0 && request.clip < clipCount else { return false }
        return queue.push(.play(request))
    }

    @discardableResult
    public func send(_ command: MixerCommand) -> Bool { queue.push(command) }

    /// Commands not yet taken by the render side.
    public var pending: Int { queue.count }
}
