import Synchronization

/// A sink's negotiated shape with its buffer size, which the render thread grows after xruns while any thread
/// may read it.
final class SinkShape: Sendable {
    let negotiated: SinkInfo
    /// The largest buffer growth may reach (`SinkRequest.growthLimitFrames`); the negotiated size when pinned.
    let limit: Int
    private let frames: Atomic<Int>
    private let reserve: Atomic<Int>

    init(_ info: SinkInfo, request: SinkRequest) {
        negotiated = info
        limit = request.adaptive ? max(info.bufferFrames, request.growthLimitFrames(rate: info.rate, period: info.periodFrames))
                                 : info.bufferFrames
        frames = Atomic(info.bufferFrames)
        reserve = Atomic(info.reserveFrames)
    }

    var bufferFrames: Int { frames.load(ordering: .relaxed) }
    var reserveFrames: Int { reserve.load(ordering: .relaxed) }

    var info: SinkInfo {
        var i = negotiated
        i.bufferFrames = bufferFrames
        i.reserveFrames = reserveFrames
        return i
    }

    /// One period more, if that stays within the limit.
    var grown: Int? {
        let next = bufferFrames + negotiated.periodFrames
        return next <= limit ? next : nil
    }

    /// What growing would keep queued: the whole buffer while there is a reserve, else a period more.
    var grownQueue: Int? { reserveFrames > 0 ? bufferFrames : grown }

    func set(bufferFrames: Int) { frames.store(bufferFrames, ordering: .relaxed) }
    func set(reserveFrames: Int) { reserve.store(reserveFrames, ordering: .relaxed) }
}
