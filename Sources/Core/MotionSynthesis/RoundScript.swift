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
    }

    var script = HeadMotionScript()
    /// Planned gestures: time the move starts, its kind and its peak tilt.
    var gestures: [(start: Double, kind: GestureKind, degrees: Double)] = []
    var duration = 0.0

    init(options: Options, random: inout SeededGenerator) {
        // The player's own neutral: the device is rarely exactly vertical on a forehead.
        let neutralPitch = random.uniform(-8...8)
        script.pitch.initial = neutralPitch
        script.roll.initial = random.uniform(-4...4)
        addTremor(from: 0, to: options.countdownSeconds + options.roundSeconds + 1, random: &random)

        var t = options.countdownSeconds + random.uniform(0.3...1.5)
        let end = options.countdownSeconds + options.roundSeconds
        while t < end - 1.5 {
            // A gesture.
            let kind: GestureKind = random.chance(0.6) ? .correct : .pass
            let degrees = random.uniform(45...85)
            let moveTime = random.uniform(0.15...0.55)
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

            // Idle: acting goes on; the guesser laughs, looks around, walks.
            var idle = random.uniform(min(1.2, options.maxIdleSeconds)...options.maxIdleSeconds)
            if options.distractors {
                idle = addDistractor(at: t + 0.3, idle: idle, neutral: neutralPitch, random: &random)
            }
            t += idle
        }
        duration = end + random.uniform(0.5...2)
    }

    private mutating func addTremor(from: Double, to: Double, random: inout SeededGenerator) {
        for channel in [0, 1, 2] {
            for _ in 0..<3 {
                let w = HeadMotionScript.Wobble(start: from, end: to, amplitude: random.uniform(0.02...0.08),
                                                frequency: random.uniform(1.5...5), phase: random.uniform(0...6.28), ramp: 0.3)
                switch channel {
                case 0: script.pitch.wobbles.append(w)
                case 1: script.yaw.wobbles.append(w)
                default: script.roll.wobbles.append(w)
                }
            }
        }
    }

    /// Returns how long the idle period lasts with the distractor in it.
    private mutating func addDistractor(at t: Double, idle: Double, neutral: Double, random: inout SeededGenerator) -> Double {
        switch random.next() % 7 {
        case 0:  // a small, fast nod (agreeing, reacting)
            let amount = random.uniform(10...22) * (random.chance(0.5) ? 1 : -1)
            let d = random.uniform(0.12...0.3)
            script.pitch.moves.append(.init(start: t, duration: d, to: neutral + amount))
            script.pitch.moves.append(.init(start: t + d + 0.05, duration: d, to: neutral))
            return max(idle, 2 * d + 0.8)
        case 1:  // laughing: fast small pitch shaking and a bouncing torso
            let length = random.uniform(0.8...2.0)
            let rate = random.uniform(3...5)
            script.pitch.wobbles.append(.init(start: t, end: t + length, amplitude: random.uniform(1.5...4),
                                              frequency: rate, phase: 0))
            script.bob[2].wobbles.append(.init(start: t, end: t + length, amplitude: random.uniform(0.002...0.006),
                                               frequency: rate, phase: 1))
            return max(idle, length + 0.5)
        case 2:  // looking around
            let amount = random.uniform(30...70) * (random.chance(0.5) ? 1 : -1)
            let d = random.uniform(0.3...0.7)
            script.yaw.moves.append(.init(start: t, duration: d, to: amount))
            script.yaw.moves.append(.init(start: t + d + 0.6, duration: d, to: 0))
            return max(idle, 2 * d + 1)
        case 3:  // head roll (puzzled)
            let amount = random.uniform(15...30) * (random.chance(0.5) ? 1 : -1)
            let d = random.uniform(0.3...0.6)
            script.roll.moves.append(.init(start: t, duration: d, to: amount))
            script.roll.moves.append(.init(start: t + d + 0.5, duration: d, to: script.roll.initial))
            return max(idle, 2 * d + 0.8)
        case 4:  // walking a few steps: vertical bob, forward sway, small pitch sway
            let length = random.uniform(2...4)
            let step = random.uniform(1.6...2.2)
            script.bob[2].wobbles.append(.init(start: t, end: t + length, amplitude: random.uniform(0.015...0.03),
                                               frequency: step, phase: 0, ramp: 0.3))
            script.bob[0].wobbles.append(.init(start: t, end: t + length, amplitude: random.uniform(0.01...0.02),
                                               frequency: step / 2, phase: 0, ramp: 0.3))
            script.pitch.wobbles.append(.init(start: t, end: t + length, amplitude: random.uniform(2...5),
                                              frequency: step, phase: 0.5, ramp: 0.3))
            return max(idle, length + 0.5)
        case 5:  // a bump: someone knocks the device or the player's head
            let direction = SIMD3(random.uniform(-1...1), random.uniform(-1...1), random.uniform(-1...1))
            script.jolts.append(.init(time: t, width: random.uniform(0.008...0.02),
                                      displacement: direction / max(length(direction), 1e-6) * random.uniform(0.002...0.008)))
            return idle
        default:  // a nod and a roll together (looking at a friend, shrugging)
            let d = random.uniform(0.25...0.5)
            script.pitch.moves.append(.init(start: t, duration: d, to: neutral + random.uniform(-20...20)))
            script.roll.moves.append(.init(start: t, duration: d, to: random.uniform(-20...20)))
            script.pitch.moves.append(.init(start: t + d + 0.4, duration: d, to: neutral))
            script.roll.moves.append(.init(start: t + d + 0.4, duration: d, to: script.roll.initial))
            return max(idle, 2 * d + 0.8)
        }
    }
}
