import Lessons

/// Any bytes through the SubRip reader, every encoding path included (UTF-8 with or without BOM, UTF-16/32 with a
/// BOM, the windows-1252 fallback). It must not crash; cues must be finite, bounded and in start order; warnings
/// and errors must name a line of the input; what parses, written back as SRT and as WebVTT, must read back to the
/// same cues (times to the millisecond the formats keep).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSRT(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    // An upper bound on lines in any encoding: every byte could end one.
    let lines = bytes.count + 1
    do {
        let t = try SRTParser.parse(bytes, file: "fuzz.srt")
        for (i, c) in t.cues.enumerated() {
            precondition(c.start.isFinite && c.end.isFinite && c.start >= 0 && c.end >= c.start
                         && c.end <= Transcript.maxSeconds, "cue \(i) has time \(c.start)–\(c.end)")
            if i > 0 { precondition(t.cues[i - 1].start <= c.start, "cues out of order") }
        }
        for w in t.warnings { precondition(w.line >= 1 && w.line <= lines, "warning names line \(w.line): \(w)") }
        for (format, parse) in [(TranscriptFormat.srt, SRTParser.parse), (.vtt, WebVTTParser.parse)] {
            let again = try parse(Array(TranscriptWriter.write(t, as: format).utf8), "back")
            precondition(again.cues.count == t.cues.count, "\(format): \(t.cues.count) cues became \(again.cues.count)")
            for (a, b) in zip(t.cues, again.cues) {
                precondition(abs(a.start - b.start) < 0.0015 && abs(a.end - b.end) < 0.0015, "\(format): times changed")
                precondition(TranscriptWriter.normalisedText(a.text) == b.text, "\(format): text \(a.text) came back as \(b.text)")
            }
        }
    } catch let e as TranscriptError {
        precondition(e.line >= 0 && e.line <= lines, "error names line \(e.line)")
        precondition(!e.message.isEmpty, "empty error message")
    } catch {
        preconditionFailure("not a TranscriptError: \(error)")
    }
    return 0
}
