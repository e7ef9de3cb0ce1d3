import Testing
@testable import Motion

@Suite struct EvemuParserEdgeCaseTests {
    @Test func format10WithoutResolutionReadsRawUnits() throws {
        let p = try parseEvemu("""
            N: Old Accel
            I: 0019 0000 0000 0000
            A: 00 -512 512 0 0
            A: 01 -512 512 0 0
            A: 02 -512 512 0 0
            E: 1.000000 0003 0001 0256
            E: 1.000000 0000 0000 0000

            """)
        #expect(p.header?.formatVersion == nil)
        #expect(p.header?.device.axes[1] == AxisInfo(minimum: -512, maximum: 512))
        #expect(p.summary.accelScaleDerived)
        #expect(p.samples.map(\.accel) == [SIMD3(0, 256, 0)])
    }

    @Test func commentsAnywhereAndTrailingAndBare() throws {
        let p = try parseEvemu("""
            # EVEMU 1.1
            # Input device name: "x"
            N: Motion
            #
            I: 0003 0001 0002 0003 # ids
            # between
            A: 00 -32768 32768 16 0 8192 # accel x
            A: 01 -32768 32768 16 0 8192
            A: 02 -32768 32768 16 0 8192
            # before the events
            E: 0.000001 0003 0001 8192\t# EV_ABS / ABS_Y 8192
            # in the middle of the events
            E: 0.000001 0000 0000 0000 # ------------ SYN_REPORT (0) ---------- +0ms

            """)
        #expect(p.header?.formatVersion == "1.1")
        #expect(p.samples.count == 1)
        #expect(p.samples[0].accel == SIMD3(0, 1, 0))
    }

    @Test func nameKeepsItsHashAndCRLFIsAccepted() throws {
        let text = (motionHeader.replacingOccurrences("N: Test Motion Sensors", "N: Pad #2 Motion") + """
            E: 0.000001 0003 0001 8192
            E: 0.000001 0000 0000 0000

            """).replacingOccurrences("\n", "\r\n")
        let p = try parseEvemu(text)
        #expect(p.header?.device.name == "Pad #2 Motion")
        #expect(p.samples.count == 1)
        #expect(p.samples[0].accel.y == 1)
    }

    @Test func nameEndsAtACarriageReturnAndTheWriterKeepsItOnOneLine() throws {
        // Found by fuzzing: `N: ty\r\r\n` read as "ty\r", which did not survive a write/read round trip.
        let text = motionHeader.replacingOccurrences("N: Test Motion Sensors\n", "N: ty\r\r\n") + "E: 0.1 0000 0000 0000\n"
        #expect(try parseEvemu(text).header?.device.name == "ty")
        var d = MotionEventEncoder.dualSenseProfile()
        d.name = "two\nlines\rhere"
        let h = EvemuWriter(device: d, kernel: nil, dmi: nil).header()
        #expect(h.contains("\nN: two lines here\n"))
        #expect(h.contains("# Input device name: \"two lines here\"\n"))
    }

    @Test func leadingZerosAndUnpaddedMicroseconds() throws {
        let p = try parseEvemu(motionHeader + """
            E: 1000.10000 0003 0002 0131
            E: 1000.10000 0003 0000 -0008
            E: 1000.10000 0000 0000 0000

            """)
        // `1000.10000` is 1000 s and 10000 µs, as evemu's %06u reads it, not 1000.1 s.
        #expect(p.events[0].micros == 1_000_010_000)
        #expect(p.events[0].value == 131)
        #expect(p.events[1].value == -8)
        #expect(abs(p.samples[0].stamp - 1000.01) < 1e-9)
    }

    @Test func accelerometerOnlyDeviceIsValid() throws {
        let p = try parseEvemu("""
            # EVEMU 1.3
            N: Accel Only
            I: 0018 0000 0000 0000
            P: 40 00 00 00 00 00 00 00
            A: 00 -16384 16384 0 0 4096
            A: 01 -16384 16384 0 0 4096
            A: 02 -16384 16384 0 0 4096
            E: 0.010000 0003 0000 -4096
            E: 0.010000 0000 0000 0000

            """)
        #expect(p.summary.hasGyro == false)
        #expect(p.samples[0].accel == SIMD3(-1, 0, 0))
        #expect(p.samples[0].gyro == .zero)
    }

    @Test func mscTimestampWrapsAt2To32AndIsTheSampleClock() throws {
        // 4294963296 printed as the signed int -4000, then 0 and 4000 after the wrap: 4 ms steps, while the E:
        // times jitter.
        let p = try parseEvemu(motionHeader + """
            E: 0.000001 0004 0005 -4000
            E: 0.000001 0000 0000 0000
            E: 0.006001 0004 0005 0000
            E: 0.006001 0000 0000 0000
            E: 0.007001 0004 0005 4000
            E: 0.007001 0000 0000 0000

            """)
        #expect(p.samples.count == 3)
        let dts = zip(p.samples.dropFirst(), p.samples).map { $0.time - $1.time }
        #expect(dts.allSatisfy { abs($0 - 0.004) < 1e-9 })
        #expect(p.samples.map(\.stamp) == [0.000001, 0.006001, 0.007001])
        #expect(p.summary.assembler.clockResets == 0)
    }

    @Test func burstsWithEqualTimesNeverGoBackwards() throws {
        let p = try parseEvemu(motionHeader + """
            E: 0.100000 0003 0001 8192
            E: 0.100000 0000 0000 0000
            E: 0.100000 0003 0001 8190
            E: 0.100000 0000 0000 0000
            E: 0.100000 0003 0001 8180
            E: 0.100000 0000 0000 0000
            E: 0.115000 0003 0001 8170
            E: 0.115000 0000 0000 0000

            """)
        #expect(p.samples.count == 4)
        let dts = zip(p.samples.dropFirst(), p.samples).map { $0.time - $1.time }
        #expect(dts.allSatisfy { $0 >= 0 })
        // Only changed axes are sent: the others keep their last value.
        #expect(p.samples.map { Int($0.accel.y * 8192) } == [8192, 8190, 8180, 8170])
    }

    @Test func synDroppedDiscardsThroughTheNextSynReport() throws {
        let p = try parseEvemu(motionHeader + """
            E: 0.000000 0003 0000 0100
            E: 0.000000 0000 0000 0000
            E: 0.004000 0003 0000 0200
            E: 0.004000 0000 0003 0000
            E: 0.008000 0003 0000 0300
            E: 0.008000 0003 0001 0300
            E: 0.008000 0000 0000 0000
            E: 0.012000 0003 0001 0400
            E: 0.012000 0000 0000 0000

            """)
        // The partial frame (200), and the frame closed by the next SYN_REPORT (300, 300), are gone.
        #expect(p.samples.count == 2)
        #expect(p.samples[1].accel * 8192 == SIMD3(100, 400, 0))
        #expect(p.samples[1].afterGap)
        #expect(!p.samples[0].afterGap)
        #expect(p.summary.assembler.dropped == 1)
        #expect(p.summary.assembler.discardedEvents == 3)
    }

    @Test func unsignedTimestampIsKeptBitForBit() throws {
        let p = try parseEvemu(motionHeader + """
            E: 0.000001 0004 0005 4294967295
            E: 0.000001 0000 0000 0000

            """)
        #expect(p.events[0].value == -1)
    }
}

@Suite struct EvemuBadInputTests {
    func expectError(_ text: String, line: Int, mentioning words: String..., sourceLocation: SourceLocation = #_sourceLocation) {
        let e = traceError { _ = try parseEvemu(text, file: "bad.evemu") }
        #expect(e != nil, "no error", sourceLocation: sourceLocation)
        guard let e else { return }
        #expect(e.description.hasPrefix("bad.evemu:\(line): "), "\(e.description)", sourceLocation: sourceLocation)
        for w in words { #expect(e.description.contains(w), "\(e.description)", sourceLocation: sourceLocation) }
    }

    /// Line numbers in `motionHeader + body`: the header has 13 lines, so the body starts on line 14.
    let body = 14

    @Test func truncatedEventLine() {
        expectError(motionHeader + "E: 0.000001 0003 0001 8192\nE: 0.004001 0003", line: body + 1, mentioning: "expected")
    }

    @Test func truncatedDescription() {
        expectError("# EVEMU 1.3\nN: Cut\nI: 0003 054c 0ce6 8111\nA: 00 -32768", line: 4, mentioning: "4 or 5 numbers")
        expectError("# EVEMU 1.3\nN: Cut\nI: 0003 054c", line: 3, mentioning: "I:")
        expectError("# EVEMU 1.3\nN: Cut\nI: 0003 054c 0ce6 8111\nA: 00 -32768 32768 0 0 8192\n", line: 4, mentioning: "no accelerometer")
    }

    @Test func malformedLines() {
        expectError(motionHeader + "E: 0.000001 0003 0001 81x92\n", line: body, mentioning: "decimal event value")
        expectError(motionHeader + "E: zero 0003 0001 1\n", line: body, mentioning: "E: <sec>.<usec>")
        expectError(motionHeader + "X: nonsense\n", line: body, mentioning: "unknown line type")
        expectError(motionHeader + "hello\n", line: body, mentioning: "expected `N:`")
        expectError("# EVEMU 1.3\nN: x\nI: 0003 0001 0002 0003\nP: 40,00\n", line: 4, mentioning: "P:")
        expectError("# EVEMU 1.3\nN: x\nI: 0003 0001 0002 0003\nB: 03 3f00\n", line: 4, mentioning: "B:")
        expectError(motionHeader + "E: 0.000001 0000 0000 0000\nA: 00 0 1 0 0 1\n", line: body + 1, mentioning: "after the first event")
    }

    @Test func unknownEventType() {
        expectError(motionHeader + "E: 0.000001 0003 0001 1\nE: 0.000001 0020 0000 1\n", line: body + 1, mentioning: "unknown event type 0x20")
    }

    @Test func hugeValues() {
        expectError(motionHeader + "E: 0.000001 0003 0001 99999999999\n", line: body, mentioning: "32 bits")
        expectError(motionHeader + "E: 0.000001 0003 0001 -2147483649\n", line: body, mentioning: "32 bits")
        expectError(motionHeader + "E: 99999999999999.000001 0003 0001 1\n", line: body, mentioning: "E: <sec>.<usec>")
        expectError(motionHeader + "E: 0.1000000 0003 0001 1\n", line: body, mentioning: "E: <sec>.<usec>")
        expectError("N: x\nI: 0003 0001 0002 0003\nA: 00 -99999999999 1 0 0 1\n", line: 3, mentioning: "32-bit")
    }

    @Test func timeGoingBackwards() {
        expectError(motionHeader + "E: 0.500000 0003 0001 1\nE: 0.500000 0000 0000 0000\nE: 0.499999 0003 0001 2\n",
                    line: body + 2, mentioning: "backwards", "0.499999", "0.500000")
    }

    @Test func emptyFileNamesTheFile() {
        let e = traceError { _ = try parseEvemu("", file: "empty.evemu") }
        #expect(e?.description.hasPrefix("empty.evemu: empty file") == true)
    }
}

@Suite struct CSVParserTests {
    func expectError(_ text: String, line: Int, mentioning words: String..., sourceLocation: SourceLocation = #_sourceLocation) {
        let e = traceError { _ = try parseCSV(text, file: "bad.csv") }
        #expect(e != nil, "no error", sourceLocation: sourceLocation)
        guard let e else { return }
        #expect(e.description.hasPrefix("bad.csv:\(line): "), "\(e.description)", sourceLocation: sourceLocation)
        for w in words { #expect(e.description.contains(w), "\(e.description)", sourceLocation: sourceLocation) }
    }

    @Test func readsBothShapesWithCommentsBlanksAndCRLF() throws {
        let p = try parseCSV("# kape-trace 1\r\n# recorded by hand\r\nt,ax,ay,az,gx,gy,gz\r\n\r\n0.5, 0,1,0, 1e-3,-2.5E+1,0\r\n# mid\r\n0.504,0.0123456789012345678,1,0,0,0,-0\r\n")
        #expect(p.summary.hasGyro)
        #expect(p.samples.count == 2)
        #expect(p.samples[0].gyro == SIMD3(0.001, -25, 0))
        #expect(p.samples[1].accel.x == 0.0123456789012345678)
        let a = try parseCSV("# kape-trace 1\nt,ax,ay,az\n0,0,1,0\n0,0,1,0\n")
        #expect(!a.summary.hasGyro)
        #expect(a.samples.count == 2)
    }

    @Test func longNumberEndingTheLineParses() throws {
        // Found by fuzzing: a >15-digit last column indexed past the table of powers of ten.
        let p = try parseCSV("# kape-trace 1\nt,ax,ay,az\n0,0,1,0.033333333333333333333333333333333333333\n")
        #expect(p.samples[0].accel.z == 0.033333333333333333333333333333333333333)
    }

    @Test func badInputNamesFileAndLine() {
        expectError("kape-trace 1\n", line: 1, mentioning: "# kape-trace 1")
        expectError("# kape-trace 1\nt,x,y,z\n", line: 2, mentioning: "header")
        expectError("# kape-trace 1\nt,ax,ay,az\n0,0,1,0\n0.1,nan,1,0\n", line: 4, mentioning: "column 2", "finite")
        expectError("# kape-trace 1\nt,ax,ay,az\n0,0,1,inf\n", line: 3, mentioning: "finite")
        expectError("# kape-trace 1\nt,ax,ay,az\n0,0,1,1e999\n", line: 3, mentioning: "finite")
        expectError("# kape-trace 1\nt,ax,ay,az\n0,0,1,0\n0.2,0,1,0\n0.1,0,1,0\n", line: 5, mentioning: "backwards")
        expectError("# kape-trace 1\nt,ax,ay,az\n0,0,1\n", line: 3, mentioning: "4 comma-separated columns")
        expectError("# kape-trace 1\nt,ax,ay,az\n0,0x10,1,0\n", line: 3, mentioning: "column 2: expected a decimal number, then a comma")
        expectError("# kape-trace 1\nt,ax,ay,az\n0,0,1,0,5\n", line: 3, mentioning: "found more")
        expectError("# kape-trace 1\nt,ax,ay,az\n0,100,1,0\n", line: 3, mentioning: "beyond")
        expectError("# kape-trace 1\nt,ax,ay,az,gx,gy,gz\n0,0,1,0,0,0,1e6\n", line: 3, mentioning: "beyond")
        expectError("# kape-trace 1\nt,ax,ay,az\n-1,0,1,0\n", line: 3, mentioning: "between 0 and 1e9")
        expectError("# kape-trace 1\n", line: 2, mentioning: "end of the file")
    }

    @Test func writerRoundTripsExactly() throws {
        let samples = [
            MotionSample(time: 0, stamp: 0, accel: SIMD3(0, 1, 0), gyro: SIMD3(0.1, -0.2, 0.3)),
            MotionSample(time: 0.004, stamp: 0.004, accel: SIMD3(1.0 / 3, -2.0 / 7, 1e-7), gyro: SIMD3(-1999.999, 1e-12, 0)),
            MotionSample(time: 123456.789012, stamp: 123456.789012, accel: SIMD3(63.9, -63.9, 0.1 + 0.2), gyro: .zero),
        ]
        let w = CSVTraceWriter(hasGyro: true)
        var text = w.header()
        for s in samples { w.append(s, into: &text) }
        #expect(text.hasPrefix("# kape-trace 1\nt,ax,ay,az,gx,gy,gz\n0,0,1,0,0.1,-0.2,0.3\n"))
        let back = try parseCSV(text)
        #expect(back.samples == samples)
    }
}

extension String {
    func replacingOccurrences(_ a: String, _ b: String) -> String {
        split(separator: a, omittingEmptySubsequences: false).joined(separator: b)
    }
}
