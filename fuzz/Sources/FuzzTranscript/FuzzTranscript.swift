import Lessons

/// Any bytes through the three transcript parsers (the first byte picks WebVTT, SRT or JSON cues). They must not
/// crash; what parses must be finite, bounded and in time order, and the cursor must find a cue that really contains
/// t; warnings and errors must name a line of the input.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTranscript(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    guard size > 0 else { return 0 }
    let bytes = Array(UnsafeBufferPointer(start: data + 1, count: size - 1))
    // Lines end at LF, CR or CRLF (as WebVTT says and as the parsers split them).
    var lines = 1
    for (i, b) in bytes.enumerated() where b == 0x0A || (b == 0x0D && (i + 1 == bytes.count || bytes[i + 1] != 0x0A)) { lines += 1 }
    do {
        let t: Transcript
        switch data[0] % 3 {
        case 0: t = try WebVTTParser.parse(bytes, file: "fuzz.vtt")
        case 1: t = try SRTParser.parse(bytes, file: "fuzz.srt")
        default: t = try JSONCueParser.parse(bytes, file: "fuzz.json")
        }
        for (i, c) in t.cues.enumerated() {
            // WebVTT keeps a cue that ends before it starts (the W3C parser does); the others skip it.
            precondition(c.start.isFinite && c.end.isFinite && c.start >= 0 && c.end >= 0 && c.start <= Transcript.maxSeconds
                         && (c.start <= c.end || data[0] % 3 == 0) && c.end <= Transcript.maxSeconds,
                         "cue \(i) has time \(c.start)–\(c.end)")
            if i > 0 { precondition(t.cues[i - 1].start <= c.start, "cues out of order") }
        }
        // A bad cue is a warning at its line, never an error for the file.
        for w in t.warnings { precondition(w.line >= 1 && w.line <= lines + 1, "warning names line \(w.line) of \(lines): \(w)") }
        for c in t.cues.prefix(8) {
            for probe in [c.start, (c.start + c.end) / 2, c.end] {
                if let k = t.cueIndex(at: probe) {
                    precondition(t.cues[k].start <= probe && probe < t.cues[k].end, "cueIndex(at: \(probe)) gave a cue not containing it")
                }
            }
        }
    } catch let e as TranscriptError {
        precondition(e.line >= 0 && e.line <= lines + 1, "error names line \(e.line) of \(lines)")
        precondition(!e.message.isEmpty, "empty error message")
    } catch {
        preconditionFailure("not a TranscriptError: \(error)")
    }
    return 0
}
