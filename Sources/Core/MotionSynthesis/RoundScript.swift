import Motion
/// Writes a plausible round for one player: the neutral countdown, then gestures separated by idle moments
/// full of things that must not fire (small nods, laughing, looking around, head roll, walking, bumps).
struct RoundScript {
    struct Options {
        var roundSeconds = 60.0
        var countdownSeconds = 3.0
        var distractors = true
        /// Longest pause between gestures (acting takes a few seconds in a real round).
        var maxIdleSeconds = 4.5
        /// The accelerometer-only trials: fast repeated nods, laughing, walking, bumps, still (silent) spells.
        var hard = false
        /// No gestures: the player holds the device and mashes buttons (small fast jitter, knocks) all round.
        var mashing = false
        /// Half the gestures fast and large (60–85° at a peak of 150–380 °/s), held only 0.15–0.9 s and flicked
        /// back, up or down alike, with the hand shaking the device as it swings.
        var fastGestures = false
    }

    var script = HeadMotionScript()
    /// Planned gestures: time the move starts, its kind and its peak tilt.
    var gestures: [(start: Double, kind: GestureKind, degrees: Double)] = []
    var duration = 0.0
    /// Where the distractors are, for the false events' causes.
    var distractors: [(start: Double, end: Double, name: String)] = []
    /// Set while a hard distractor borrows one of the classic ones.
    private var forcedCase: UInt64?

    init(options: Options, random: inout SeededGenerator) {
        // The player's own neutral: the device is rarely exactly vertical on a forehead.
        let neutralPitch = random.uniform(-8...8)
        script.pitch.initial = neutralPitch
        script.roll.initial = random.uniform(-4...4)
        addTremor(from: 0, to: options.countdownSeconds + options.roundSeconds + 1, random: &random)

        var t = options.countdownSeconds + random.uniform(0.3...1.5)
        let end = options.countdownSeconds + options.roundSeconds
        if options.mashing {
            addMashing(from: t, to: end, random: &random)
            distractors.append((t, end, "button mashing"))
            t = end
        }
        while t < end - 1.5 {
            // A gesture.
            var kind: GestureKind = random.chance(0.6) ? .correct : .pass
            var degrees = random.uniform(45...85)
            var moveTime = random.uniform(0.15...0.55)
            if options.fastGestures, random.chance(0.5) {
                kind = random.chance(0.5) ? .correct : .pass
                degrees = random.uniform(60...85)
                let peak = random.uniform(150...380)
                // A minimum-jerk move peaks at 1.875 times its mean rate.
                moveTime = 1.875 * degrees / peak
                let sign = kind == .correct ? 1.0 : -1.0
                script.pitch.moves.append(.init(start: t, duration: moveTime, to: neutralPitch + sign * degrees))
                gestures.append((t, kind, degrees))
                let hold = random.uniform(0.15...0.9)
                let back = 1.875 * degrees / random.uniform(150...380)
                script.pitch.moves.append(.init(start: t + moveTime + hold, duration: back, to: neutralPitch + random.uniform(-3...3)))
                addHandShake(from: t, to: t + moveTime + hold + back, random: &random)
                t += moveTime + hold + back
                t += addIdle(at: t, options: options, neutral: neutralPitch, random: &random)
                continue
            }
            let sign = kind == .correct ? 1.0 : -1.0
            script.pitch.moves.append(.init(start: t, duration: moveTime, to: neutralPitch + sign * degrees))
            if random.chance(0.3) {  // a bit of roll or yaw riding along
                script.roll.moves.append(.init(start: t, duration: moveTime, to: script.roll.initial + random.uniform(-8...8)))
                script.roll.moves.append(.init(start: t + moveTime + 0.3, duration: 0.4, to: script.roll.initial))
            }
            gestures.append((t, kind, degrees))
            t += moveTime
            var hold = random.uniform(0.25...1.2)
            if random.chance(0.25) {
                // Sagging towards the threshold while holding, then back: must not fire twice.
                let sag = random.uniform(38...44)
                script.pitch.moves.append(.init(start: t + 0.1, duration: 0.3, to: neutralPitch + sign * sag))
                script.pitch.wobbles.append(.init(start: t + 0.4, end: t + 1.2, amplitude: random.uniform(1.5...3),
                                                  frequency: random.uniform(1...3), phase: random.uniform(0...6)))
                script.pitch.moves.append(.init(start: t + 1.2, duration: 0.3, to: neutralPitch + sign * (sag + 10)))
                hold = 1.6
            }
            t += hold
            let back = random.uniform(0.2...0.6)
            script.pitch.moves.append(.init(start: t, duration: back, to: neutralPitch + random.uniform(-3...3)))
            t += back

            t += addIdle(at: t, options: options, neutral: neutralPitch, random: &random)
        }
        duration = end + random.uniform(0.5...2)
    }

    /// Idle after a gesture: acting goes on; the guesser laughs, looks around, walks. Returns its length.
    private mutating func addIdle(at t: Double, options: Options, neutral: Double, random: inout SeededGenerator) -> Double {
        var idle = random.uniform(min(1.2, options.maxIdleSeconds)...options.maxIdleSeconds)
        if options.distractors {
            let (length, name) = options.hard ? addHardDistractor(at: t + 0.3, idle: idle, neutral: neutral, random: &random)
                : addDistractor(at: t + 0.3, idle: idle, neutral: neutral, random: &random)
            idle = length
            distractors.append((t + 0.3, t + idle, name))
        }
        return idle
    }

    /// The hand holding the device to the forehead shakes as it is swung: a few tenths of a degree at 6–10 Hz
    /// on every axis and a fraction of a millimetre of jitter at 8–12 Hz, on top of the head's own motion (so the
    /// accelerometer sees gravity turning, the lever's tangential and centripetal terms, and this).
    private mutating func addHandShake(from start: Double, to end: Double, random: inout SeededGenerator) {
        for channel in 0..<3 {
            let w = HeadMotionScript.Wobble(start: start, end: end, amplitude: random.uniform(0.05...0.2),
                                            frequency: random.uniform(6...10), phase: random.uniform(0...6.28), ramp: 0.05)
            addWobble(w, angle: channel)
            script.bob[channel].wobbles.append(.init(start: start, end: end, amplitude: random.uniform(0.00002...0.0001),
                                                     frequency: random.uniform(8...12), phase: random.uniform(0...6.28), ramp: 0.05))
        }
    }

    private mutating func addTremor(from: Double, to: Double, random: inout SeededGenerator) {
        for channel in [0, 1, 2] {
            for _ in 0..<3 {
                let w = HeadMotionScript.Wobble(start: from, end: to, amplitude: random.uniform(0.02...0.08),
                                                frequency: random.uniform(1.5...5), phase: random.uniform(0...6.28), ramp: 0.3)
                addWobble(w, angle: [0, 2, 1][channel])
            }
        }
    }

    /// A wobble on the head's pitch (0), roll (1) or yaw (2).
    private mutating func addWobble(_ w: HeadMotionScript.Wobble, angle: Int) {
        switch angle {
        case 0: script.pitch.wobbles.append(w)
        case 1: script.roll.wobbles.append(w)
        default: script.yaw.wobbles.append(w)
        }
    }

    /// Returns how long the idle period lasts with the distractor in it.
    private mutating func addDistractor(at t: Double, idle: Double, neutral: Double, random: inout SeededGenerator) -> (Double, String) {
        switch forcedCase ?? random.next() % 7 {
        case 0:  // a small, fast nod (agreeing, reacting)
            let amount = random.uniform(10...22) * (random.chance(0.5) ? 1 : -1)
            let d = random.uniform(0.12...0.3)
            script.pitch.moves.append(.init(start: t, duration: d, to: neutral + amount))
            script.pitch.moves.append(.init(start: t + d + 0.05, duration: d, to: neutral))
            return (max(idle, 2 * d + 0.8), "small nod")
        case 1:  // laughing: fast small pitch shaking and a bouncing torso
            let length = random.uniform(0.8...2.0)
            let rate = random.uniform(3...5)
            script.pitch.wobbles.append(.init(start: t, end: t + length, amplitude: random.uniform(1.5...4),
                                              frequency: rate, phase: 0))
            script.bob[2].wobbles.append(.init(start: t, end: t + length, amplitude: random.uniform(0.002...0.006),
                                               frequency: rate, phase: 1))
            return (max(idle, length + 0.5), "laugh")
        case 2:  // looking around
            let amount = random.uniform(30...70) * (random.chance(0.5) ? 1 : -1)
            let d = random.uniform(0.3...0.7)
            script.yaw.moves.append(.init(start: t, duration: d, to: amount))
            script.yaw.moves.append(.init(start: t + d + 0.6, duration: d, to: 0))
            return (max(idle, 2 * d + 1), "look around")
        case 3:  // head roll (puzzled)
            let amount = random.uniform(15...30) * (random.chance(0.5) ? 1 : -1)
            let d = random.uniform(0.3...0.6)
            script.roll.moves.append(.init(start: t, duration: d, to: amount))
            script.roll.moves.append(.init(start: t + d + 0.5, duration: d, to: script.roll.initial))
            return (max(idle, 2 * d + 0.8), "head roll")
        case 4:  // walking a few steps: vertical bob, forward sway, small pitch sway
            let length = random.uniform(2...4)
            let step = random.uniform(1.6...2.2)
            script.bob[2].wobbles.append(.init(start: t, end: t + length, amplitude: random.uniform(0.015...0.03),
                                               frequency: step, phase: 0, ramp: 0.3))
            script.bob[0].wobbles.append(.init(start: t, end: t + length, amplitude: random.uniform(0.01...0.02),
                                               frequency: step / 2, phase: 0, ramp: 0.3))
            script.pitch.wobbles.append(.init(start: t, end: t + length, amplitude: random.uniform(2...5),
                                              frequency: step, phase: 0.5, ramp: 0.3))
            return (max(idle, length + 0.5), "walking")
        case 5:  // a bump: someone knocks the device or the player's head
            let direction = SIMD3(random.uniform(-1...1), random.uniform(-1...1), random.uniform(-1...1))
            script.jolts.append(.init(time: t, width: random.uniform(0.008...0.02),
                                      displacement: direction / max(length(direction), 1e-6) * random.uniform(0.002...0.008)))
            return (idle, "bump")
        default:  // a nod and a roll together (looking at a friend, shrugging)
            let d = random.uniform(0.25...0.5)
            script.pitch.moves.append(.init(start: t, duration: d, to: neutral + random.uniform(-20...20)))
            script.roll.moves.append(.init(start: t, duration: d, to: random.uniform(-20...20)))
            script.pitch.moves.append(.init(start: t + d + 0.4, duration: d, to: neutral))
            script.roll.moves.append(.init(start: t + d + 0.4, duration: d, to: script.roll.initial))
            return (max(idle, 2 * d + 0.8), "nod and roll")
        }
    }

    /// The distractors the accelerometer-only detector is judged on: 2–3 Hz nods of 12–15°, laughing, walking,
    /// bumps, and holding perfectly still (the device goes silent).
    private mutating func addHardDistractor(at t: Double, idle: Double, neutral: Double, random: inout SeededGenerator) -> (Double, String) {
        switch random.next() % 5 {
        case 0:  // nodding along: one to four quick nods
            let count = 1 + Int(random.next() % 4)
            let half = 1 / (2 * random.uniform(2...3))
            let sign = random.chance(0.6) ? 1.0 : -1.0
            var s = t
            for _ in 0..<count {
                let amount = random.uniform(12...15) * sign
                script.pitch.moves.append(.init(start: s, duration: half, to: neutral + amount))
                script.pitch.moves.append(.init(start: s + half, duration: half, to: neutral))
                s += 2 * half
            }
            return (max(idle, s - t + 0.8), "fast nods")
        case 1:
            let (length, _) = addDistractorCase(1, at: t, idle: idle, neutral: neutral, random: &random)
            return (length, "laugh")
        case 2:
            let (length, _) = addDistractorCase(4, at: t, idle: idle, neutral: neutral, random: &random)
            return (length, "walking")
        case 3:  // a bump, harder than the classic one
            let direction = SIMD3(random.uniform(-1...1), random.uniform(-1...1), random.uniform(-1...1))
            script.jolts.append(.init(time: t, width: random.uniform(0.006...0.02),
                                      displacement: direction / max(length(direction), 1e-6) * random.uniform(0.003...0.012)))
            return (idle, "bump")
        default:  // holding still
            return (max(idle, random.uniform(2...4)), "still")
        }
    }

    private mutating func addDistractorCase(_ k: UInt64, at t: Double, idle: Double, neutral: Double, random: inout SeededGenerator) -> (Double, String) {
        forcedCase = k
        defer { forcedCase = nil }
        return addDistractor(at: t, idle: idle, neutral: neutral, random: &random)
    }

    /// Button mashing with the device in hand: ±3–8° jitter at 3–8 Hz on every axis, changing every second or
    /// so, and a small knock at each press.
    private mutating func addMashing(from start: Double, to end: Double, random: inout SeededGenerator) {
        var t = start
        while t < end {
            let length = random.uniform(0.6...1.6)
            for channel in 0..<3 {
                let w = HeadMotionScript.Wobble(start: t, end: min(end, t + length + 0.2), amplitude: random.uniform(3...8),
                                                frequency: random.uniform(3...8), phase: random.uniform(0...6.28), ramp: 0.1)
                addWobble(w, angle: channel)
            }
            t += length
        }
        t = start
        while t < end {
            let direction = SIMD3(random.uniform(-1...1), random.uniform(-1...1), random.uniform(-1...1))
            script.jolts.append(.init(time: t, width: random.uniform(0.004...0.01),
                                      displacement: direction / max(length(direction), 1e-6) * random.uniform(0.0005...0.002)))
            t += random.uniform(0.08...0.3)
        }
    }
}
