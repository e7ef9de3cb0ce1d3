import CSndfile

/// WAV keeps its sizes in 32 bits: past 4 GiB the RIFF size wraps and readers see minutes of an hours-long file
/// (`shadow --device wav:` of a 3-hour lesson at 0.5×). Kape writes RF64 (EBU Tech 3306, WAV with 64-bit sizes),
/// which libsndfile turns back into a plain WAV when the file ends under 4 GiB, so ordinary files are unchanged
/// for every reader. A pipe cannot have its header rewritten at the end: it gets plain WAV, as before.
enum WavContainer {
    static func major(direct: Bool) -> Int32 { Int32(direct ? SF_FORMAT_WAV : SF_FORMAT_RF64) }

    /// Call right after `sf_open*`, before any frame is written.
    static func prepare(_ file: OpaquePointer, direct: Bool) {
        if !direct { sf_command(file, Int32(SFC_RF64_AUTO_DOWNGRADE), nil, Int32(SF_TRUE)) }
    }
}
