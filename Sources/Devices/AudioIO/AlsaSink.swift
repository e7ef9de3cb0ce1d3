import CALSA
import CALSAErrors
import Glibc
import Platform

/// Playback through alsa-lib with explicit hardware and software parameters.
///
/// Opened non-blocking: the render thread waits in `poll` on the PCM's descriptors plus its own wake-up
/// descriptor, so a trigger wakes it at once instead of at the next period. Interleaved read/write transfers
/// (`snd_pcm_writei`) work on every plugin, including `file` and `pulse`.
///
/// After an xrun the render thread may `grow()` what it keeps queued: through PipeWire the reserve goes first,
/// then the buffer grows by a period (the PCM is set up again with one more period) up to the request's limit:
/// one click, then a buffer that holds, instead of a click every few seconds on a machine that cannot keep the
/// smaller one filled.
public final class AlsaSink: AudioSink, @unchecked Sendable {
    /// Read from any thread; the buffer size in it follows `grow()`.
    public var info: SinkInfo { shape.info }
    public var bufferFrames: Int { shape.bufferFrames }
    public var reserveFrames: Int { shape.reserveFrames }
    private let shape: SinkShape
    private var negotiated: SinkInfo { shape.negotiated }
    private let request: SinkRequest
    private let pcm: OpaquePointer
    private var config: OpaquePointer?
    /// Frames queued beyond the server's period: the render thread's wake-ups come only once the fill is below
    /// avail_min, so this keeps it from waking while nothing has been taken.
    private static let serverMargin = 8
    /// Room for the PCM's descriptors (alsa-lib's own: it closes them) plus the wake-up event; plugins use one or two, a reconfigured PCM may differ.
    private static let fdCapacity = 16
    private let fds: UnsafeMutablePointer<pollfd>
    private var pcmFDs: Int
    private let frameBytes: Int
    private var closed = false
    /// Recoveries since the last frames the device took: a recovered device takes a write at once, so a run of
    /// them means it is gone (pipewire-alsa 0.3.65 "recovers" from a dead server forever, leaking each time).
    private var recoveriesWithoutWrite = 0
    /// Threads the plugin started that now run at real-time priority.
    public private(set) var pluginThreads = 0
    /// What a sound server's I/O plugin calls itself ("ALSA <-> PulseAudio PCM I/O Plugin"); nil for hardware,
    /// files and alsa-lib's own plugins.
    public let ioPlugin: String?

    /// alsa-lib never writes to stderr itself: its first message goes into Kape's error instead (see the CALSA
    /// shim). Not quiet (-v): each of its messages is also written, marked as alsa-lib's.
    public static func setQuiet(_ quiet: Bool) {
        kape_alsa_install_handler()
        kape_alsa_set_echo(quiet ? 0 : 1)
    }

    /// alsa-lib's first message since `clearLibraryMessage` on this thread, or nil.
    static func libraryMessage() -> String? {
        // The pulse plugin ends its message with a newline, which split Kape's one-line error.
        var text = String(cString: kape_alsa_first_error())
        while let last = text.last, last.isNewline || last == " " { text.removeLast() }
        return text.isEmpty ? nil : text
    }

    static func clearLibraryMessage() {
        kape_alsa_install_handler()
        kape_alsa_reset_errors()
    }

    /// `configFile`: an ALSA configuration read instead of the system's (tests define private PCMs with it).
    public init(device: String, request: SinkRequest = SinkRequest(), configFile: String? = nil) throws {
        var handle: OpaquePointer?
        var err: Int32
        let threadsBefore = ThreadPriority.threadIDs()
        AlsaSink.clearLibraryMessage()
        if let configFile {
            var top: OpaquePointer?
            var input: OpaquePointer?
            guard snd_config_top(&top) >= 0, let top else { throw AudioError.cannotOpen(device, "out of memory") }
            err = snd_input_stdio_open(&input, configFile, "r")
            guard err >= 0, let input else {
                snd_config_delete(top)
                throw AudioError.file(configFile, "cannot read the ALSA configuration: \(alsaMessage(err))")
            }
            err = snd_config_load(top, input)
            snd_input_close(input)
            guard err >= 0 else {
                snd_config_delete(top)
                throw AudioError.file(configFile, "not a valid ALSA configuration: \(alsaMessage(err))")
            }
            config = top
            err = SoundServerClientNoise.quietly { snd_pcm_open_lconf(&handle, device, SND_PCM_STREAM_PLAYBACK, SND_PCM_NONBLOCK, top) }
        } else {
            err = SoundServerClientNoise.quietly { snd_pcm_open(&handle, device, SND_PCM_STREAM_PLAYBACK, SND_PCM_NONBLOCK) }
        }
        guard err >= 0, let handle else {
            if let config { snd_config_delete(config) }
            let library = AlsaSink.libraryMessage()
            throw AudioError.cannotOpen(device, alsaMessage(err) + (library.map { " (alsa-lib: \($0))" } ?? ""), cause: library)
        }
        pcm = handle
        let info: SinkInfo
        var request = request
        let plugin = AlsaSink.ioPluginName(handle)
        request.lean = request.lean && AlsaSink.pullsWholePeriods(plugin)
        do {
            info = try AlsaSink.configure(handle, device: device, request: request)
        } catch {
            snd_pcm_close(handle)
            if let config { snd_config_delete(config) }
            throw error
        }
        shape = SinkShape(info, request: request)
        self.request = request
        ioPlugin = plugin
        frameBytes = info.channels * info.format.bytes
        fds = .allocate(capacity: Self.fdCapacity)
        fds.initialize(repeating: pollfd(fd: -1, events: 0, revents: 0), count: Self.fdCapacity)
        pcmFDs = Self.descriptorCount(handle)
        if pcmFDs > 0 { _ = snd_pcm_poll_descriptors(handle, fds, UInt32(pcmFDs)) }
        // The plugin's own I/O thread (PulseAudio's client mainloop) wakes the render thread: real-time priority
        // just below the render thread's, or a busy machine delays each wake-up past the buffer.
        pluginThreads = ThreadPriority.makeRealtime(ThreadPriority.threadIDs().subtracting(threadsBefore), priority: 19)
    }

    /// Whether the PCM is pipewire-alsa, whose graph runs at the client's avail_min and copies one quantum out of
    /// the ring at each cycle: there a period queued is as safe as a full buffer. Not PulseAudio's plugin: it
    /// writes through into the server, whose sink drains the stream at its own pace, and whose requests for more
    /// are relayed by its main thread, which is not real-time (kept from a CPU for up to 4.9 ms on an idle
    /// machine, see bench/README.md). Not hardware: it plays the buffer as it is filled.
    private static func pullsWholePeriods(_ plugin: String?) -> Bool {
        plugin?.contains("PipeWire") == true
    }

    /// The first line of an I/O plugin's dump: its name.
    private static func ioPluginName(_ pcm: OpaquePointer) -> String? {
        guard snd_pcm_type(pcm) == SND_PCM_TYPE_IOPLUG else { return nil }
        var output: OpaquePointer?
        guard snd_output_buffer_open(&output) >= 0, let output else { return nil }
        defer { snd_output_close(output) }
        guard snd_pcm_dump(pcm, output) >= 0 else { return nil }
        var text: UnsafeMutablePointer<CChar>?
        let count = snd_output_buffer_string(output, &text)
        guard let text, count > 0 else { return nil }
        let bytes = UnsafeBufferPointer(start: UnsafeRawPointer(text).assumingMemoryBound(to: UInt8.self), count: count)
        return String(decoding: bytes.prefix { $0 != 10 }, as: UTF8.self)
    }

    private static func descriptorCount(_ pcm: OpaquePointer) -> Int {
        min(fdCapacity - 1, Int(max(0, snd_pcm_poll_descriptors_count(pcm))))
    }

    public var grownQueueFrames: Int? { request.adaptive ? shape.grownQueue : nil }

    public func grow() -> Int? {
        let current = shape.bufferFrames
        let period = negotiated.periodFrames
        guard request.adaptive else { return nil }
        if shape.reserveFrames > 0 {
            // First keep the whole buffer queued (twice the time to refill); the PCM starts once it is full again.
            shape.set(reserveFrames: 0)
            _ = AlsaSink.setSoftware(pcm, availMin: snd_pcm_uframes_t(period), start: snd_pcm_uframes_t(current))
            return current
        }
        guard let next = shape.grown else { return nil }
        var larger = request
        larger.lean = false  // the reserve was given up before the buffer grows
        larger.periods = next / period
        larger.formats = [negotiated.format]
        larger.rate = negotiated.rate
        larger.channels = negotiated.channels
        // The buffer is empty after the xrun anyway: set the PCM up again with one more period.
        _ = snd_pcm_drop(pcm)
        _ = snd_pcm_hw_free(pcm)
        guard let info = try? AlsaSink.configure(pcm, device: negotiated.device, request: larger) else {
            // Back to what worked; if even that fails the next write reports the device lost.
            var same = larger
            same.periods = current / period
            _ = try? AlsaSink.configure(pcm, device: negotiated.device, request: same)
            return nil
        }
        pcmFDs = Self.descriptorCount(pcm)
        shape.set(bufferFrames: info.bufferFrames)
        shape.set(reserveFrames: info.reserveFrames)
        return info.queueFrames
    }

    /// Wake when `availMin` frames are free, start once `start` frames are queued. Returns alsa-lib's error
    /// and what it refused, or nil.
    private static func setSoftware(_ pcm: OpaquePointer, availMin: snd_pcm_uframes_t, start: snd_pcm_uframes_t) -> (Int32, String)? {
        var swp: OpaquePointer?
        guard snd_pcm_sw_params_malloc(&swp) >= 0, let sw = swp else { return (-ENOMEM, "software parameters") }
        defer { snd_pcm_sw_params_free(sw) }
        for (err, what) in [(snd_pcm_sw_params_current(pcm, sw), "software parameters"),
                            (snd_pcm_sw_params_set_avail_min(pcm, sw, availMin), "avail_min"),
                            (snd_pcm_sw_params_set_start_threshold(pcm, sw, start), "start threshold"),
                            (snd_pcm_sw_params(pcm, sw), "the software parameters")] where err < 0 {
            return (err, what)
        }
        return nil
    }

    deinit {
        if !closed { snd_pcm_close(pcm) }
        if let config { snd_config_delete(config) }
        fds.deallocate()
    }

    private static func configure(_ pcm: OpaquePointer, device: String, request: SinkRequest) throws -> SinkInfo {
        var hwp: OpaquePointer?
        guard snd_pcm_hw_params_malloc(&hwp) >= 0, let hw = hwp else { throw AudioError.cannotOpen(device, "out of memory") }
        defer { snd_pcm_hw_params_free(hw) }
        func check(_ err: Int32, _ what: String) throws {
            if err < 0 { throw AudioError.unsupported(device, "refused \(what): \(alsaMessage(err))") }
        }
        try check(snd_pcm_hw_params_any(pcm, hw), "any configuration")
        try check(snd_pcm_hw_params_set_access(pcm, hw, SND_PCM_ACCESS_RW_INTERLEAVED), "interleaved access")
        guard let format = request.formats.first(where: { snd_pcm_hw_params_test_format(pcm, hw, $0.alsa) == 0 }) else {
            throw AudioError.unsupported(device, "supports none of the formats \(request.formats.map(\.rawValue).joined(separator: ", "))")
        }
        try check(snd_pcm_hw_params_set_format(pcm, hw, format.alsa), "format \(format.rawValue)")
        var channels = UInt32(request.channels)
        try check(snd_pcm_hw_params_set_channels_near(pcm, hw, &channels), "\(request.channels) channels")
        // Our own resampler converts clips once at load; no per-period rate conversion in alsa-lib.
        _ = snd_pcm_hw_params_set_rate_resample(pcm, hw, 0)
        var rate = UInt32(request.rate)
        var dir: Int32 = 0
        try check(snd_pcm_hw_params_set_rate_near(pcm, hw, &rate, &dir), "rate \(request.rate) Hz")
        var period = snd_pcm_uframes_t(request.periodFrames)
        dir = 0
        try check(snd_pcm_hw_params_set_period_size_near(pcm, hw, &period, &dir), "period \(request.periodFrames) frames")
        var buffer = period * snd_pcm_uframes_t(request.periods)
        try check(snd_pcm_hw_params_set_buffer_size_near(pcm, hw, &buffer), "buffer \(buffer) frames")
        try check(snd_pcm_hw_params(pcm, hw), "the hardware parameters")
        _ = snd_pcm_hw_params_get_period_size(hw, &period, &dir)
        _ = snd_pcm_hw_params_get_buffer_size(hw, &buffer)

        // PipeWire's plugin takes a period at each cycle of its graph: keep one period and a little queued there,
        // the rest free for triggers (see `SinkInfo.reserveFrames`).
        let reserve = request.lean && period > snd_pcm_uframes_t(serverMargin) ? period - snd_pcm_uframes_t(serverMargin) : 0
        // Wake when a period is free beyond the reserve (pipewire-alsa also asks its graph for this quantum);
        // start once the queue is full so the first period never runs dry.
        if let (err, what) = setSoftware(pcm, availMin: period, start: buffer - reserve) { try check(err, what) }
        try check(snd_pcm_prepare(pcm), "prepare")
        return SinkInfo(device: device, rate: Int(rate), channels: Int(channels), format: format,
                        periodFrames: Int(period), bufferFrames: Int(buffer), reserveFrames: Int(reserve))
    }

    public func space() -> SinkSpace {
        let state = snd_pcm_state(pcm)
        if state == SND_PCM_STATE_XRUN || state == SND_PCM_STATE_SUSPENDED {
            return outcome(recover(state == SND_PCM_STATE_XRUN ? -EPIPE : -ESTRPIPE))
        }
        let avail = snd_pcm_avail(pcm)
        if avail < 0 { return outcome(recover(Int32(avail))) }
        // Some plugins (pulse) cannot report a delay before the stream runs; then what is queued is the delay.
        var delay: snd_pcm_sframes_t = 0
        if state != SND_PCM_STATE_RUNNING || snd_pcm_delay(pcm, &delay) < 0 {
            delay = snd_pcm_sframes_t(shape.bufferFrames) - avail
        }
        return .ready(avail: Int(avail), delay: Int(max(0, delay)))
    }

    private func outcome(_ r: Recovery) -> SinkSpace {
        switch r {
        case .retry: .ready(avail: 0, delay: 0)  // interrupted: nothing is free yet, the loop asks again
        case .recovered: .recovered
        case .failed(let e): .failed(e)
        }
    }

    public func wait(wake: WakeEvent, timeoutMs: Int32) {
        // Asked afresh before every poll, as snd_pcm_wait does: a plugin's descriptors may change with its state
        // (pipewire-alsa 0.3.65 leaves a cached eventfd signalled while avail < avail_min: 48 000 polls/s).
        if pcmFDs > 0 { _ = snd_pcm_poll_descriptors(pcm, fds, UInt32(pcmFDs)) }
        fds[pcmFDs] = pollfd(fd: wake.fd, events: Int16(POLLIN), revents: 0)
        let n = poll(fds, nfds_t(pcmFDs + 1), timeoutMs)
        guard n > 0 else { return }
        if fds[pcmFDs].revents & Int16(POLLIN) != 0 {
            wake.drain()
        }
        if pcmFDs > 0 {
            // Lets plugins (pulse, ioplug) process their descriptors' events.
            var revents: UInt16 = 0
            _ = snd_pcm_poll_descriptors_revents(pcm, fds, UInt32(pcmFDs), &revents)
        }
    }

    public func write(_ bytes: UnsafeRawPointer, frames: Int) -> SinkWrite {
        var done = 0
        var recovered = false
        var refusals = 0
        while done < frames {
            let r = snd_pcm_writei(pcm, bytes + done * frameBytes, snd_pcm_uframes_t(frames - done))
            if r >= 0 {
                done += Int(r)
                if r > 0 { recoveriesWithoutWrite = 0 }
                continue
            }
            if r == -snd_pcm_sframes_t(EAGAIN) {
                // Only if the device shrank its buffer under us, or its server went away. A server starved of CPU
                // can stall for seconds and come back, so give up only after 10 s (100 × 100 ms).
                refusals += 1
                if refusals > 100 { return .failed(AudioError.lost(negotiated.device, "it has taken no audio for 10 s")) }
                _ = snd_pcm_wait(pcm, 100)
                continue
            }
            switch recover(Int32(r)) {
            case .recovered: recovered = true
            case .failed(let e): return .failed(e)
            case .retry: continue
            }
        }
        return recovered ? .recovered : .written
    }

    /// What an error from the PCM came to.
    private enum Recovery {
        /// -EINTR: nothing happened; ask again.
        case retry
        /// An underrun or suspend, recovered: the caller counts an xrun.
        case recovered
        case failed(AudioError)
    }

    /// -EPIPE (underrun) and -ESTRPIPE (suspend) are recovered with `snd_pcm_recover`; -EINTR is retried.
    private func recover(_ err: Int32) -> Recovery {
        if err == -EINTR { return .retry }
        recoveriesWithoutWrite += 1
        if recoveriesWithoutWrite > 3 { return .failed(AudioError.lost(negotiated.device, "it keeps running dry and takes no audio")) }
        if err == -EPIPE || err == -ESTRPIPE, snd_pcm_recover(pcm, err, 1) >= 0 { return .recovered }
        return .failed(AudioError.lost(info.device, alsaMessage(err)))
    }

    public func finish() {
        guard !closed else { return }
        _ = snd_pcm_nonblock(pcm, 0)
        _ = snd_pcm_drain(pcm)
        snd_pcm_close(pcm)
        closed = true
    }
}

extension SampleFormat {
    var alsa: snd_pcm_format_t {
        switch self {
        case .s16: SND_PCM_FORMAT_S16_LE
        case .s32: SND_PCM_FORMAT_S32_LE
        case .float: SND_PCM_FORMAT_FLOAT_LE
        }
    }
}

func alsaMessage(_ err: Int32) -> String { String(cString: snd_strerror(err)) }
