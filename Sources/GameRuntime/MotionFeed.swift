import AudioIO
import Foundation
import Motion
import MotionDevices
import Synchronization
import Glibc
import Platform

/// Gestures for the game loop from a reader thread: the first motion device (LiveSession), or a trace replayed
/// in real time (tests, `--trace` without `--headless`). Detection runs on the reader thread, as close to the
/// input as possible; the loop is woken through a pipe and takes the messages.
public final class MotionFeed: Sendable {
    public enum Message: Sendable, Equatable {
        /// `arrival`: monotonic nanoseconds when the sample that fired reached Kape (for the latency records).
        case gesture(GestureKind, arrival: UInt64)
        case lost
        case back
        /// A trace ran out.
        case ended
    }

    /// The end for the game loop to poll.
    public let fd: Int32
    private let writeFD: Int32
    private let inbox = Mutex<[Message]>([])
    /// Bumped by the loop at every countdown; the reader re-calibrates when it sees a new value.
    private let calibration = Atomic<Int>(0)
    private let stop = StopSignal()

    public init() {
        let wake = WakePipe()
        fd = wake?.readEnd ?? -1
        writeFD = wake?.writeEnd ?? -1
    }

    deinit {
        stop.fire()
        close(fd)
        close(writeFD)
    }

    public func recalibrate() { calibration.add(1, ordering: .relaxed) }

    public func take() -> [Message] {
        var bytes = [UInt8](repeating: 0, count: 256)
        while read(fd, &bytes, bytes.count) > 0 {}
        return inbox.withLock { m in defer { m.removeAll() }; return m }
    }

    public func shutdown() { stop.fire() }

    private func post(_ m: Message) {
        inbox.withLock { $0.append(m) }
        var one: UInt8 = 1
        _ = write(writeFD, &one, 1)
    }

    /// Reads the device on its own thread until `shutdown`.
    public func startLive(_ device: DiscoveredDevice) {
        let thread = Thread { [self] in
            let session = LiveSession(device: device)
            var detector = GestureDetector(hasGyro: device.info.hasGyro)
            var seen = calibration.load(ordering: .relaxed)
            try? session.run(stop: stop) { event in
                switch event {
                case .frame(let f, let mono):
                    let arrival = UInt64(mono * 1e9)
                    let wanted = calibration.load(ordering: .relaxed)
                    if wanted != seen { seen = wanted; detector.recalibrate() }
                    if let g = detector.process(f.sample) { post(.gesture(g.kind, arrival: arrival)) }
                case .deviceLost: post(.lost)
                case .deviceBack: detector.recalibrate(); post(.back)
                default: break
                }
            }
            post(.lost)
        }
        thread.start()
    }

    /// Replays samples on their own clock from now, as if a device were sending them.
    public func startTrace(_ samples: [MotionSample], hasGyro: Bool) {
        let thread = Thread { [self] in
            var detector = GestureDetector(hasGyro: hasGyro)
            var seen = calibration.load(ordering: .relaxed)
            let t0 = MonotonicClock.nanos()
            let first = samples.first?.stamp ?? 0
            for s in samples {
                MonotonicClock.sleep(untilNanos: t0 + UInt64(max(0, (s.stamp - first) * 1e9)))
                if stop.isFired { return }
                let arrival = MonotonicClock.nanos()
                let wanted = calibration.load(ordering: .relaxed)
                if wanted != seen { seen = wanted; detector.recalibrate() }
                if let g = detector.process(s) { post(.gesture(g.kind, arrival: arrival)) }
            }
            post(.ended)
        }
        thread.start()
    }
}
