import AudioIO
import Foundation
import Motion
import MotionDevices
import Synchronization
import Platform

/// Gestures for the game loop from a reader thread: the first motion device (LiveSession), or a trace replayed
/// in real time (tests, `--trace` without `--headless`). Detection runs on the reader thread, as close to the
/// input as possible; the loop is woken through a `WakeEvent` and takes the messages.
public final class MotionFeed: Sendable {
    public enum Message: Sendable, Equatable {
        /// `arrival`: when the sample that fired reached Kape (the round's time for it, and the latency records).
        case gesture(GestureKind, arrival: MonoInstant)
        case lost
        case back
        /// A trace ran out.
        case ended
    }

    private let wake: WakeEvent
    /// The descriptor for the game loop to poll.
    public var fd: Int32 { wake.fd }
    public var descriptor: Descriptor { wake.descriptor }
    private let inbox = Mutex<[Message]>([])
    /// Requested by the loop at every countdown; the reader re-calibrates when it sees a new request.
    private let recalibration = RecalibrationRequest()
    private let stop: StopSignal

    public init() throws(SystemCallError) {
        wake = try WakeEvent()
        stop = try StopSignal()
    }

    deinit { stop.fire() }

    public func recalibrate() { recalibration.request() }

    public func take() -> [Message] {
        wake.drain()
        return inbox.withLock { m in defer { m.removeAll() }; return m }
    }

    public func shutdown() { stop.fire() }

    private func post(_ m: Message) {
        inbox.withLock { $0.append(m) }
        wake.signal()
    }

    /// Reads the device on its own thread until `shutdown`.
    public func startLive(_ device: DiscoveredDevice) {
        let thread = Thread { [self] in
            // The pipeline's own detector is the game's: one detection per sample, recalibrated on request.
            var options = LiveOptions()
            options.recalibration = recalibration
            let reader = LiveDrivers.reader(for: device, options: options)
            try? reader.run(stop: stop) { event in
                switch event {
                case .gesture(let g, let mono): post(.gesture(g.kind, arrival: mono))
                case .deviceLost: post(.lost)
                case .deviceBack: post(.back)
                // The detector calibrates afresh for its new shape: the round pauses and resumes through the
                // countdown, as after a re-plug.
                case .gyroChanged: post(.lost); post(.back)
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
            RealTimeReplay.run(samples, hasGyro: hasGyro, stop: stop, recalibration: recalibration) { g, arrival in
                post(.gesture(g.kind, arrival: MonoInstant(nanos: arrival)))
            }
            if !stop.isFired { post(.ended) }
        }
        thread.start()
    }
}
