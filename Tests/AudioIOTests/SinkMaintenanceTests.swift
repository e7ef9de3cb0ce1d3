@testable import AudioIO
import Platform
import Synchronization
import Testing

/// The render thread's wait for the sink to be set up again is bounded: a set-up that hangs is reported, and
/// nothing waits for it forever (neither the render thread nor `stop`).
@Suite struct SinkMaintenanceTests {
    @Test func theSetUpRunsOnItsOwnThreadAndItsAnswerComesBack() throws {
        let caller = ThreadPriority.currentThreadID()
        let worker = Atomic<Int32>(0)
        let answers = Mutex<[Int?]>([12, nil])
        let m = try SinkMaintenance(timeoutMillis: SinkMaintenance.defaultTimeoutMillis) {
            worker.store(ThreadPriority.currentThreadID(), ordering: .relaxed)
            return answers.withLock { $0.removeFirst() }
        }
        #expect(m.start())
        #expect(m.grow() == .grown(queueFrames: 12))
        #expect(m.grow() == .unchanged)
        #expect(worker.load(ordering: .relaxed) != caller)
        m.stop()
    }

    @Test func aSetUpThatHangsIsGivenUpAndNeverAskedAgain() throws {
        let release = try WakeEvent()
        let calls = Atomic<Int>(0)
        let m = try SinkMaintenance(timeoutMillis: 20) {
            calls.add(1, ordering: .relaxed)
            release.wait(timeoutMillis: -1)  // hangs until the test lets it go
            return 24
        }
        #expect(m.start())
        #expect(m.grow() == .timedOut)
        // The sink may still be being set up: no second request, an answer at once.
        #expect(m.grow() == .timedOut)
        #expect(calls.load(ordering: .relaxed) == 1)
        // stop does not wait for the hung set-up; it ends on its own once that returns.
        m.stop()
        release.signal()
    }
}
