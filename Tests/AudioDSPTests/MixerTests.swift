import Foundation
import Testing
@testable import AudioDSP

@Suite struct MixerTests {
    func render(_ mixer: Mixer, frames: Int) -> [Float] {
        var out = [Float](repeating: 0, count: frames * mixer.channels)
        out.withUnsafeMutableBufferPointer { mixer.render($0.baseAddress!, frames: frames) }
        return out
    }

    let one = Clip(name: "one", rate: 48_000, channels: 1, samples: [0.25, 0.25, 0.25, 0.25])

    @Test func voicesSumAndStartAtTheirFrame() {
        let mixer = Mixer(clips: [one], rate: 48_000, channels: 1)
        mixer.control.play(PlayRequest(clip: 0, token: 1, at: 2, arrival: 77))
        mixer.control.play(PlayRequest(clip: 0, gain: 0.5, token: 2, at: 4))
        #expect(render(mixer, frames: 8) == [0, 0, 0.25, 0.25, 0.375, 0.375, 0.125, 0.125])
        #expect(mixer.startCount == 2)
        #expect(mixer.start(0) == VoiceStart(token: 1, arrival: 77, frame: 2, offset: 2))
        #expect(render(mixer, frames: 4) == [0, 0, 0, 0])
        #expect(mixer.activeVoices == 0 && mixer.startCount == 0)
    }

    @Test func unknownClipIsRefusedAndFullVoicesStealTheOldest() {
        let mixer = Mixer(clips: [one], rate: 48_000, channels: 1, maxVoices: 2)
        #expect(!mixer.control.play(PlayRequest(clip: 5)))
        for t in 1...3 { mixer.control.play(PlayRequest(clip: 0, token: UInt64(t))) }
        _ = render(mixer, frames: 2)
        #expect(mixer.stolenVoices == 1 && mixer.activeVoices == 2)
    }

    @Test func stopFadesOutWithinABlock() {
        let long = Clip(name: "dc", rate: 48_000, channels: 1, samples: Array(repeating: 0.5, count: 100))
        let mixer = Mixer(clips: [long], rate: 48_000, channels: 1)
        mixer.control.play(PlayRequest(clip: 0, token: 9))
        _ = render(mixer, frames: 4)
        mixer.control.send(.stop(token: 9))
        let fade = render(mixer, frames: 4)
        #expect(fade[0] < 0.5 && fade[3] == 0 && zip(fade, fade.dropFirst()).allSatisfy { $0 >= $1 })
        #expect(mixer.activeVoices == 0)
    }

    @Test func limiterHoldsTheCeilingAndLeavesQuietSignalsBitExact() {
        var limiter = Limiter(ceiling: 0.891)
        var loud: [Float] = (0..<4_800).map { Float(1.8 * sin(Double($0) * 0.05)) }
        loud.withUnsafeMutableBufferPointer { limiter.process($0.baseAddress!, frames: 2_400, channels: 2) }
        #expect(loud.allSatisfy { abs($0) <= 0.891 })
        #expect(loud.contains { abs($0) > 0.85 })
        var fresh = Limiter(ceiling: 0.891)
        let quiet: [Float] = (0..<480).map { Float(0.5 * sin(Double($0) * 0.05)) }
        var copy = quiet
        copy.withUnsafeMutableBufferPointer { fresh.process($0.baseAddress!, frames: 240, channels: 2) }
        #expect(copy == quiet)
    }

    @Test func spscQueueKeepsOrderAndReportsFull() {
        let q = SPSCQueue<Int>(capacity: 4)
        for i in 0..<4 { #expect(q.push(i)) }
        #expect(!q.push(99))
        #expect(q.pop() == 0 && q.pop() == 1)
        #expect(q.push(4) && q.push(5))
        #expect([q.pop(), q.pop(), q.pop(), q.pop(), q.pop()] == [2, 3, 4, 5, nil])
    }

    /// Two OS threads, not tasks: a task that yields to wait goes behind every other test queued in the
    /// cooperative pool (2 threads here), which made this 40 ms test last as long as the whole run.
    @Test func spscQueueAcrossThreadsLosesNothing() {
        let q = SPSCQueue<Int>(capacity: 64)
        let n = 100_000
        let producerDone = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            var i = 0
            while i < n { if q.push(i) { i += 1 } else { sched_yield() } }
            producerDone.signal()
        }
        var expected = 0
        while expected < n {
            if let v = q.pop() {
                #expect(v == expected)
                expected += 1
            } else {
                sched_yield()
            }
        }
        producerDone.wait()
        #expect(q.pop() == nil)
    }
}
