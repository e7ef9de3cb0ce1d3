import Foundation
import Testing
import Platform
@testable import Motion

/// `kape trace convert` through the built binary (`make test` exports KAPE_BIN), and the library underneath.
@Suite struct ConvertTests {
    static let kape = ProcessInfo.processInfo.environment["KAPE_BIN"]
    let dir = NSTemporaryDirectory() + "kape-convert-\(UUID().uuidString)/"

    init() throws {
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    }

    func run(_ args: [String]) throws -> (status: Int32, stdout: String, stderr: String) {
        let r = try KapeRun.run(args, executable: Self.kape!)
        return (r.status, r.stdout, r.stderr)
    }

    func write(_ name: String, _ text: String) throws -> String {
        try text.write(toFile: dir + name, atomically: false, encoding: .utf8)
        return dir + name
    }

    func samples(_ path: String) throws -> [MotionSample] {
        var out: [MotionSample] = []
        _ = try TraceSource.read(path: path) { out.append($0) }
        return out
    }

    /// A 3 s trace at 250 Hz: 1.6 s still (calibration), then a 60° tilt about X at 120 deg/s.
    func csvTrace(gyro: Bool) -> String {
        var s = "# kape-trace 1\n" + (gyro ? "t,ax,ay,az,gx,gy,gz\n" : "t,ax,ay,az\n")
        for i in 0..<750 {
            let t = Double(i) * 0.004
            let angle = t < 1.6 ? 0 : min(60, (t - 1.6) * 120) * Double.pi / 180
            let rate = t < 1.6 || t > 2.1 ? 0 : 120.0
            s += "\(t),0.001,\(cos(angle)),\(sin(angle))"
            if gyro { s += ",\(rate),-0.25,0.125" }
            s += "\n"
        }
        return s
    }

    @Test(.enabled(if: kape != nil, "needs KAPE_BIN (make test sets it)"), arguments: [true, false])
    func csvToEvemuToCSVKeepsSamplesWithinQuantisation(gyro: Bool) throws {
        let csv = try write("in.csv", csvTrace(gyro: gyro))
        let r1 = try run(["trace", "convert", csv, dir + "mid.evemu"])
        #expect(r1.status == 0, "\(r1.stderr)")
        let r2 = try run(["trace", "convert", dir + "mid.evemu", dir + "out.csv"])
        #expect(r2.status == 0, "\(r2.stderr)")
        let a = try samples(csv), b = try samples(dir + "out.csv")
        try #require(a.count == b.count)
        for (x, y) in zip(a, b) {
            #expect(abs(x.stamp - y.stamp) < 1e-9)
            #expect(maxDiff(x.accel, y.accel) <= 0.5 / 8192 + 1e-12)
            #expect(maxDiff(x.gyro, y.gyro) <= 0.5 / 1024 + 1e-12)
        }
        let text = try String(contentsOfFile: dir + "mid.evemu", encoding: .utf8)
        #expect(text.hasPrefix("# EVEMU 1.3\n"))
        #expect(text.contains(gyro ? "B: 03 3f 00 00 00 00 00 00 00\n" : "B: 03 07 00 00 00 00 00 00 00\n"))
        let replayed = try run(["replay", dir + "mid.evemu"])
        let direct = try run(["replay", csv])
        #expect(replayed.status == 0, "\(replayed.stderr)")
        #expect(direct.status == 0, "\(direct.stderr)")
        let a1 = replayed.stdout.split(separator: "\n"), a2 = direct.stdout.split(separator: "\n")
        #expect(a1.count == 1)
        #expect(a1.count == a2.count)
    }

    @Test(.enabled(if: kape != nil, "needs KAPE_BIN (make test sets it)"))
    func evemuToEvemuKeepsEveryEvent() throws {
        let src = try write("src.evemu", motionRecording)
        let r = try run(["trace", "convert", src, dir + "copy.events", "--to", "evemu"])
        #expect(r.status == 0, "\(r.stderr)")
        func events(_ path: String) throws -> [InputEvent] {
            let f = try MappedFile(path: path, as: .trace)
            var out: [InputEvent] = []
            try f.withBytes { try EvemuReader(bytes: $0, file: path).read(header: { _ in }, event: { _, m, t, c, v in
                out.append(InputEvent(micros: m, type: t, code: c, value: v))
            }) }
            return out
        }
        #expect(try events(dir + "copy.events") == events(src))
        let copy = try String(contentsOfFile: dir + "copy.events", encoding: .utf8)
        #expect(copy.contains("E: 0.000001 0003 0002 0131\t# EV_ABS / ABS_Z                131\n"))
        #expect(copy.contains("#       Value     8190\n"))
    }

    @Test(.enabled(if: kape != nil, "needs KAPE_BIN (make test sets it)"))
    func badInputExitsOneNamingFileAndLineAndWritesNothing() throws {
        let bad = try write("bad.csv", "# kape-trace 1\nt,ax,ay,az\n0,0,1,0\n0.004,0,nan,0\n")
        let r = try run(["trace", "convert", bad, dir + "never.evemu"])
        #expect(r.status == 1)
        #expect(r.stderr.contains("\(bad):4: "))
        #expect(!FileManager.default.fileExists(atPath: dir + "never.evemu"))
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: dir).filter { $0.contains(".tmp-") }
        #expect(leftovers.isEmpty)

        let unscaled = try write("raw.evemu", motionRecording.replacingOccurrences(of: " 16 0 8192\n", with: " 16 0 0\n"))
        let r2 = try run(["trace", "convert", unscaled, dir + "raw.csv"])
        #expect(r2.status == 1)
        #expect(r2.stderr.contains("resolution 0"))

        let missing = try run(["trace", "convert", dir + "nope.evemu", dir + "x.csv"])
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("nope.evemu"))
    }

    @Test(.enabled(if: kape != nil, "needs KAPE_BIN (make test sets it)"))
    func usageErrorsExitTwo() throws {
        #expect(try run(["trace", "convert", dir + "only-one.csv"]).status == 2)
        #expect(try run(["trace", "convert", "a.csv", "b.evemu", "--to", "json"]).status == 2)
    }

    @Test func libraryConversionReportsCounts() throws {
        let src = try write("lib.evemu", motionRecording)
        let r = try TraceConversion.convert(input: src, output: dir + "lib.csv", kernel: nil, dmi: nil)
        #expect(r.samples == 2)
        let text = try String(contentsOfFile: dir + "lib.csv", encoding: .utf8)
        #expect(text == "# kape-trace 1\nt,ax,ay,az,gx,gy,gz\n1e-06,0,-0.0159912109375,0.999755859375,-0.099609375,0,0\n0.004001,0,-0.0159912109375,0.998291015625,-0.099609375,0,0\n")
        // The DualSense recording is turned onto the canonical frame: (x, y, z) = kernel (x, -z, y).
    }
}

func maxDiff(_ a: SIMD3<Double>, _ b: SIMD3<Double>) -> Double {
    (0..<3).map { Swift.abs(a[$0] - b[$0]) }.max()!
}

let motionRecording = """
    # EVEMU 1.3
    N: Sony Interactive Entertainment DualSense Wireless Controller Motion Sensors
    I: 0003 054c 0ce6 8111
    P: 40 00 00 00 00 00 00 00
    B: 00 0b 00 00 00 00 00 00 00
    B: 03 3f 00 00 00 00 00 00 00
    B: 04 20 00 00 00 00 00 00 00
    A: 00 -32768 32768 16 0 8192
    A: 01 -32768 32768 16 0 8192
    A: 02 -32768 32768 16 0 8192
    A: 03 -2097152 2097152 16 0 1024
    A: 04 -2097152 2097152 16 0 1024
    A: 05 -2097152 2097152 16 0 1024
    E: 0.000001 0003 0003 -102\t# EV_ABS / ABS_RX  -102
    E: 0.000001 0003 0001 8190\t# EV_ABS / ABS_Y   8190
    E: 0.000001 0003 0002 0131\t# EV_ABS / ABS_Z   131
    E: 0.000001 0004 0005 10233411\t# EV_MSC / MSC_TIMESTAMP  10233411
    E: 0.000001 0000 0000 0000\t# ------------ SYN_REPORT (0) ---------- +0ms
    E: 0.004001 0003 0001 8178\t# EV_ABS / ABS_Y   8178
    E: 0.004001 0004 0005 10237411\t# EV_MSC / MSC_TIMESTAMP  10237411
    E: 0.004001 0000 0000 0000\t# ------------ SYN_REPORT (0) ---------- +4ms

    """
