import Foundation
import Glibc
import Lessons
import Synchronization

// The progress store's crash and concurrency tests run this and kill it: it appends COUNT perfect dictation
// results to the store under $XDG_DATA_HOME/kape, one locked update each, and prints each index once it is on
// disk. A test tool, so the shipped `kape` carries no hidden command for it.
//   kape-store-writer --count N --tag T [--kill-at PHASE --kill-on N]   (SIGKILL at PHASE of the Nth save)

var count = 50, tag = "w", killAt: ProgressStore.SavePhase?, killOn = 1
var args = CommandLine.arguments.dropFirst()
func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("kape-store-writer: \(message)\n".utf8))
    exit(2)
}
while let flag = args.popFirst() {
    guard let value = args.popFirst() else { fail("\(flag) needs a value") }
    switch flag {
    case "--count":
        guard let n = Int(value) else { fail("--count wants a number") }
        count = n
    case "--tag": tag = value
    case "--kill-at":
        guard let phase = ProgressStore.SavePhase(rawValue: value) else { fail("unknown phase \(value)") }
        killAt = phase
    case "--kill-on":
        guard let n = Int(value) else { fail("--kill-on wants a number") }
        killOn = n
    default: fail("unknown option \(flag)")
    }
}

var calendar = Calendar(identifier: .gregorian)
calendar.timeZone = TimeZone.current
let now = ProcessInfo.processInfo.environment["KAPE_NOW"].flatMap(Double.init).map(Date.init(timeIntervalSince1970:)) ?? Date()
var store = ProgressStore(directory: ProgressStore.defaultDirectory(), onDamaged: {
    FileHandle.standardError.write(Data("kape-store-writer: warning: \($0)\n".utf8))
})
if let killAt {
    let saves = Atomic<Int>(0)
    let target = killOn
    store.savePhaseHook = { phase in
        if phase == .tempOpened { saves.add(1, ordering: .relaxed) }
        if phase == killAt && saves.load(ordering: .relaxed) == target { raise(SIGKILL) }
    }
}
do {
    for i in 0..<count {
        let phrase = "\(tag) \(i)"
        try store.update { data in
            data.recordDictation(Comparison(reference: phrase, typed: phrase), lesson: tag, cue: i, at: now, calendar: calendar)
        }
        FileHandle.standardOutput.write(Data("\(i)\n".utf8))
    }
} catch {
    fail("\(error)")
}
