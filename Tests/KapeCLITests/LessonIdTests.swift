import Foundation
import TestSupport
import Testing

/// A lesson is named by its id (as `kape lessons` prints it) or by its folder, in every command that takes one.
@Suite struct LessonIdTests {
    static let lessons = packageRoot + "/lessons"

    @Test func shadowDictateAndErrorsTakeLessonIds() throws {
        let tmp = try TemporaryDirectory()
        let env = ["XDG_DATA_HOME": tmp.path("data"), "TMPDIR": tmp.path("")]
        let shadow = try KapeRun.run(["shadow", "beim-baecker", "--lessons", Self.lessons, "--json", "--device", "wav:" + tmp.path("s.wav")],
                                     environment: env, input: "")
        #expect(shadow.status == 0 && shadow.stdout.contains("\"event\": \"end\""), "\(shadow.stderr)")
        try "Guten Morgen\n".write(toFile: tmp.path("answers.txt"), atomically: true, encoding: .utf8)
        let dictate = try KapeRun.run(["dictate", "cafe-bestellen", "--dir", Self.lessons, "--answers", tmp.path("answers.txt"), "--json"],
                                      environment: env)
        #expect(dictate.status == 0 && dictate.stdout.contains("\"event\": \"result\""), "\(dictate.stderr)")
        // A folder still works, relative or absolute.
        let folder = try KapeRun.run(["dictate", Self.lessons + "/cafe-bestellen", "--answers", tmp.path("answers.txt"), "--json"],
                                     environment: env)
        #expect(folder.status == 0, "\(folder.stderr)")
        // An id whose folder has another name is found by its lesson.json.
        let renamed = tmp.path("lessons/folder-with-another-name")
        try FileManager.default.createDirectory(atPath: tmp.path("lessons"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: Self.lessons + "/nach-dem-weg", toPath: renamed)
        let byId = try KapeRun.run(["dictate", "nach-dem-weg", "--lessons", tmp.path("lessons"), "--answers", tmp.path("answers.txt"), "--json"],
                                   environment: env)
        #expect(byId.status == 0, "\(byId.stderr)")
        let unknown = try KapeRun.run(["shadow", "no-such-lesson", "--lessons", Self.lessons, "--json"], environment: env, input: "")
        #expect(unknown.status == 1)
        #expect(unknown.stderr.contains("no lesson 'no-such-lesson'") && unknown.stderr.contains("kape lessons"), "\(unknown.stderr)")
    }
}
