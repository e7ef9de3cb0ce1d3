import Foundation
import TestSupport
import Testing

/// `make install` on a machine with only the build packages, the stripped binary, and `make deb`.
@Suite struct PackagingTests {
    /// What a machine that can build Kape has: the -dev packages, pkg-config, binutils and the libraries they
    /// pull in. No sound server, no test tools.
    static let buildMachine = ["pkg-config", "libevdev-dev", "libasound2-dev", "libsndfile1-dev", "zlib1g-dev",
                               "libdbus-1-dev", "nettle-dev", "binutils", "libevdev2", "libasound2", "libsndfile1", "zlib1g", "libdbus-1-3",
                               "libnettle8", "libhogweed6", "libhunspell-dev", "libespeak-ng-dev", "libuchardet-dev",
                               "libhunspell-1.7-0", "libespeak-ng1", "libuchardet0", "dict-freedict-deu-eng", "hunspell-de-de",
                               "libsdl2-dev", "libsdl2-ttf-dev", "libsdl2-2.0-0", "libsdl2-ttf-2.0-0", "fonts-dejavu-core"]

    /// A folder of stand-ins put first on PATH: dpkg-query that knows only `installed`, id that says a user,
    /// apt-get that logs and fails, and a swift that builds nothing (the binary under test is installed instead).
    static func fakeTools(_ tmp: TemporaryDirectory, installed: [String]) throws -> (path: String, aptLog: String) {
        let bin = tmp.path("fake-bin"), log = tmp.path("apt.log")
        try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
        let scripts = [
            "dpkg-query": "case \" \(installed.joined(separator: " ")) \" in *\" ${@: -1} \"*) printf 'install ok installed';; *) exit 1;; esac",
            "id": "echo 1000",
            "apt-get": "echo \"apt-get $*\" >> '\(log)'; exit 1",
            "swift": "exit 0",
        ]
        for (name, body) in scripts {
            let path = bin + "/" + name
            try "#!/bin/bash\n\(body)\n".write(toFile: path, atomically: true, encoding: .utf8)
            chmod(path, 0o755)
        }
        return (bin, log)
    }

    static func make(_ arguments: [String], path: String? = nil) throws -> (status: Int32, output: String) {
        var env = ProcessInfo.processInfo.environment
        env["MAKEFLAGS"] = nil
        if let path { env["PATH"] = path + ":" + (env["PATH"] ?? "/usr/bin:/bin") }
        return try tool("/usr/bin/make", ["-s", "-C", packageRoot] + arguments, environment: env)
    }

    /// Runs `path` and returns its status and what it wrote (stdout and stderr together).
    static func tool(_ path: String, _ arguments: [String], environment: [String: String]? = nil) throws -> (status: Int32, output: String) {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: path)
        p.arguments = arguments
        if let environment { p.environment = environment }
        let pipe = Pipe()
        p.standardOutput = pipe
        p.standardError = pipe
        try p.run()
        let out = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        return (p.terminationStatus, out)
    }

    @Test func installNeedsOnlyBuildPackagesAndStripsTheBinary() throws {
        let tmp = try TemporaryDirectory()
        let (fake, aptLog) = try Self.fakeTools(tmp, installed: Self.buildMachine)
        let run = try Self.make(["install", "SWIFT=\(fake)/swift", "KAPE=\(KapeRun.binary)", "DESTDIR=\(tmp.path("root"))",
                                 "PREFIX=/usr/local"], path: fake)
        #expect(run.status == 0, "make install on a build machine: \(run.output)")
        // Nothing asked of apt: no test package, no pipewire-alsa download, no line replacing a sound server.
        #expect(!FileManager.default.fileExists(atPath: aptLog), "apt-get was called: \((try? String(contentsOfFile: aptLog, encoding: .utf8)) ?? "")")
        #expect(!run.output.contains("apt-get") && !run.output.contains("pulseaudio") && !run.output.contains("pipewire"), "\(run.output)")
        let bin = tmp.path("root/usr/local/bin/kape")
        let sections = try Self.tool("/usr/bin/readelf", ["-S", "-W", bin])
        #expect(sections.status == 0)
        #expect(!sections.output.contains(".symtab") && !sections.output.contains(".debug_info"), "not stripped")
        let version = try InstalledRun.run(bin, ["--version"], environment: [:], scratch: tmp)
        #expect(version.status == 0 && !version.stdout.isEmpty, "the stripped binary runs: \(version.stderr)")
        // The test run still gets everything it drives.
        let test = try Self.make(["-n", "test"])
        #expect(test.output.contains("tmux") && test.output.contains("pulseaudio") && test.output.contains("pipewire-alsa-plugin.sh"),
                "\(test.output)")
        // On a machine missing a build package, what install prints names build packages only.
        let bare = try Self.fakeTools(tmp, installed: [])
        let missing = try Self.make(["install", "SWIFT=\(bare.path)/swift", "KAPE=\(KapeRun.binary)", "DESTDIR=\(tmp.path("root2"))"], path: bare.path)
        #expect(missing.status != 0 && missing.output.contains("apt-get install -y pkg-config libevdev-dev"))
        #expect(!missing.output.contains("pulseaudio") && !missing.output.contains("tmux"), "\(missing.output)")
    }

    @Test func debDeclaresWhatTheBinaryLinksAndInstallsWithApt() throws {
        let tmp = try TemporaryDirectory()
        let deb = tmp.path("kape.deb")
        let build = try Self.make(["deb-files", "KAPE=\(KapeRun.binary)", "DEB_ROOT=\(tmp.path("stage"))", "DEB=\(deb)", "DEB_COMPRESSION=gzip"])
        #expect(build.status == 0, "\(build.output)")
        let depends = try Self.tool("/usr/bin/dpkg-deb", ["-f", deb, "Depends"]).output
        let declared = Set(depends.split(separator: ",").map { $0.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: " ")[0] }
            .map(String.init))
        // Every library the binary links comes from a declared package.
        let dynamic = try Self.tool("/usr/bin/readelf", ["-d", KapeRun.binary]).output
        let needed = dynamic.split(separator: "\n").filter { $0.contains("(NEEDED)") }.compactMap { line -> String? in
            guard let open = line.firstIndex(of: "["), let close = line.lastIndex(of: "]") else { return nil }
            return String(line[line.index(after: open)..<close])
        }
        #expect(needed.contains("libasound.so.2") && needed.contains("libevdev.so.2"))
        for library in needed {
            let owners = try Self.tool("/usr/bin/dpkg-query", ["-S", "*/" + library]).output
            let packages = Set(owners.split(separator: "\n").compactMap { $0.split(separator: ":").first.map(String.init) })
            #expect(!packages.isDisjoint(with: declared), "\(library) comes from \(packages), Depends: \(depends)")
        }
        let contents = try Self.tool("/usr/bin/dpkg-deb", ["-c", deb]).output
        for f in ["./usr/bin/kape", "./usr/share/kape/decks/forbidden.txt", "./usr/share/kape/lessons/beim-baecker/lesson.json",
                  "./usr/share/bash-completion/completions/kape"] {
            #expect(contents.contains(f), "\(f) not in the package")
        }
        #expect(contents.contains("root/root"), "files owned by root")
        // apt resolves it (simulated: the test machine's /usr stays as it is).
        let apt = try Self.tool("/usr/bin/apt-get", ["install", "--simulate", "-o", "Debug::NoLocking=1", deb])
        #expect(apt.status == 0 && apt.output.contains("Inst kape"), "\(apt.output)")
    }
}
