import CSndfile

/// WAV keeps its sizes in 32 bits: past 4 GiB the RIFF size wraps and readers see minutes of an hours-long file
/// (`shadow --device wav:` of a 3-hour lesson at 0.5×). Kape writes RF64 (EBU Tech 3306, WAV with 64-bit sizes),
/// which libsndfile turns back into a plain WAV when the file ends under 4 GiB, so ordinary files are unchanged
/// for every reader. A pipe cannot have its header rewritten at the end: it gets plain WAV, as before.
enum WavContainer {
    /// `expectedBytes`: the audio's size when known in advance (a clip, a stretch of a known input). A file known
    /// to stay far below 4 GiB is plain WAV from the start: byte for byte what it always was (the downgrade from
    /// RF64 leaves a JUNK chunk where the 64-bit sizes were reserved).
    static func major(direct: Bool, expectedBytes: Int? = nil) -> Int32 {
        Int32(direct || plainSuffices(expectedBytes) ? SF_FORMAT_WAV : SF_FORMAT_RF64)
    }

    /// Call right after `sf_open*`, before any frame is written.
    static func prepare(_ file: OpaquePointer, direct: Bool, expectedBytes: Int? = nil) {
        if !direct && !plainSuffices(expectedBytes) { sf_command(file, Int32(SFC_RF64_AUTO_DOWNGRADE), nil, Int32(SF_TRUE)) }
    }

    /// Under 4 GiB with a megabyte to spare for the header and chunks.
    static func plainSuffices(_ expectedBytes: Int?) -> Bool {
        guard let expectedBytes else { return false }
        return expectedBytes >= 0 && expectedBytes < (1 << 32) - (1 << 20)
    }
}
