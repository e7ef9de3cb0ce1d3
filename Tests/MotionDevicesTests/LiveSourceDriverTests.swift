import Foundation
import Glibc
import Motion
@testable import MotionDevices
import Platform
import Testing

/// The one live driver over a kind of input that is neither evdev nor IIO: kernel events through pipes, one per
/// "plug". What a third kind of source has to write is this conformance; the loop, calibration, gestures, the
/// loss at end of stream and the reconnect are the driver's and the session's.
@Suite struct LiveSourceDriverTests {
    /// Reads `input_event`s from the read end of a pipe; lost at end of stream, back on the next pipe.
    final class PipeSource: LiveSource {
        static let descriptorSlots = 1
        let device: DiscoveredDevice
        private var plugs: [Descriptor]
        private var reader: EventReader?
        private var current: Descriptor?
        private(set) var closes = 0

        init(device: DiscoveredDevice, plugs: [Descriptor]) {
            self.device = device
            self.plugs = plugs
        }

        var hotplugFolder: (directory: String, prefix: String) { ("/nonexistent-kape-test", "event") }

        private func plugIn() -> LiveOpening? {
            guard !plugs.isEmpty else { return nil }
            current = plugs.removeFirst()
            reader = EventReader(fd: current!.raw)
            let node = OpenedNode(path: device.path, info: device.info, uniq: device.uniq, isMotionNode: true,
                                  clock: .monotonic, axisValues: [Int32?](repeating: nil, count: 6), openMicros: 0)
            return LiveOpening(node: node, at: .now())
        }

        func open() throws(DeviceError) -> LiveOpening {
            guard let o = plugIn() else { throw DeviceError(path: device.path, kind: .notFound, "no pipe") }
            return o
        }

        func prepare(_ ready: inout PollSet, from first: Int) -> Int32? {
            ready.watch(first, current)
            return nil
        }

        func read(_ ready: PollSet, from first: Int, into session: inout LiveSession, recorder: (any TraceRecording)?,
                  at now: MonoInstant, handler: (LiveEvent) -> Void) -> LiveRead {
            guard ready.isReady(first), let reader else { return .idle }
            while true {
                switch reader.read({ _ = session.receive($0, at: now, emit: handler) }) {
                case .read: continue
                case .wouldBlock: return .fresh
                case .gone, .failed: return .gone
                }
            }
        }

        func close(lost: Bool) {
            if current != nil { closes += 1 }
            current = nil
            reader = nil
        }

        func reconnect(_ session: inout LiveSession, hotplugged: Bool, handler: (LiveEvent) -> Void) {
            guard let o = plugIn() else { return }
            if !session.connect(o.node, at: o.at, emit: handler) { close(lost: false) }
        }
    }

    /// A pipe holding `frames` (kernel bytes), its write end closed: read to the end, then end of stream.
    static func plug(_ frames: [InputEvent]) throws -> Descriptor {
        var ends: [Int32] = [-1, -1]
        try #require(pipe(&ends) == 0)
        let readEnd = Descriptor(owning: ends[0]), writeEnd = Descriptor(owning: ends[1])
        _ = fcntl(readEnd.raw, F_SETFL, fcntl(readEnd.raw, F_GETFL) | O_NONBLOCK)
        var bytes: [UInt8] = []
        for e in frames {
            withUnsafeBytes(of: e.micros / 1_000_000) { bytes += $0 }
            withUnsafeBytes(of: e.micros % 1_000_000) { bytes += $0 }
            withUnsafeBytes(of: e.type) { bytes += $0 }
            withUnsafeBytes(of: e.code) { bytes += $0 }
            withUnsafeBytes(of: e.value) { bytes += $0 }
        }
        try #require(bytes.count <= 65_536, "fits a pipe's default buffer")
        try bytes.withUnsafeBytes { raw throws in try writeFully(writeEnd.raw, raw) }
        return readEnd
    }

    /// 1.5 s still, then a nod to -50° over 0.4 s, held: 100 Hz from `start` µs.
    static func nod(from start: Int64) -> [InputEvent] {
        func degrees(_ t: Double) -> Double { t < 1.5 ? 0 : -50 * min(1, (t - 1.5) / 0.4) }
        return (0..<200).flatMap { i -> [InputEvent] in
            let t = Double(i) / 100
            return LiveSessionTests.frame(start + Int64(i) * 10_000, degrees: degrees(t), rate: (degrees(t + 0.001) - degrees(t)) / 0.001)
        }
    }

    @Test func aSourceIsOneConformanceAndTheDriverDoesTheRest() throws {
        var options = LiveOptions()
        options.realtime = false
        let source = PipeSource(device: LiveSessionTests.device(), plugs: [try Self.plug(Self.nod(from: 100_000_000)),
                                                                           try Self.plug(Self.nod(from: 103_000_000))])
        let driver = LiveSourceDriver(source: source, options: options)
        let stop = try StopSignal()
        var events: [LiveEvent] = []
        var lost = 0
        try driver.run(stop: stop, recorder: nil) { e in
            events.append(e)
            if case .deviceLost = e { lost += 1; if lost == 2 { stop.fire() } }
        }
        let names = events.compactMap { e -> String? in
            switch e {
            case .opened: "opened"
            case .calibrated: "calibrated"
            case .gesture(let g, _): g.kind.rawValue
            case .deviceLost: "lost"
            case .deviceBack: "back"
            default: nil
            }
        }
        // The second plug starts afresh: calibrated again before its nod counts.
        #expect(names == ["opened", "calibrated", "correct", "lost", "back", "calibrated", "correct", "lost"])
        #expect(driver.stats.reconnects == 1 && driver.stats.lost == 2)
        #expect(driver.stats.samples == 400)
        #expect(source.closes == 2)
    }
}
