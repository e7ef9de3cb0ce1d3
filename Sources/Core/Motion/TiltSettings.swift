/// Tunables of calibration, fusion and the gate. Defaults are the game's: fire at ±35°, re-arm within ±10°.
public struct TiltSettings: Sendable, Equatable {
    /// |tilt| at or past which a gesture fires (negative side `correct`, positive side `pass`).
    public var fireDegrees = 35.0
    /// |tilt| at or within which the gate re-arms after firing.
    public var rearmDegrees = 10.0
    /// Continuous stillness needed to take the neutral pose (the game's countdown guarantees 1.5 s or more).
    public var calibrationSeconds = 1.0
    /// Still means: over the window, the accelerometer's RMS deviation per axis at most this (g)...
    public var stillAccelRMSG = 0.05
    /// ...or, with a gyro, the gyro's at most this (deg/s; the accelerometer then may be twice as noisy)...
    public var stillGyroRMSDps = 5.0
    /// ...and the accelerometer's mean moved at most this between the window's halves (a slow turn, g).
    public var stillDriftG = 0.05
    /// Accelerometer correction time constant of the gyro fusion while the accelerometer is trusted.
    public var fusionSeconds = 0.6
    /// The accelerometer is ignored while its direction disagrees with the estimate by more than this...
    public var rejectDegrees = 12.0
    /// ...or its magnitude is further than this from 1 g.
    public var rejectMagnitudeG = 0.12
    /// Low-pass time constant for accelerometer-only devices.
    public var accelOnlySeconds = 0.035
    /// A sample further than this from 1 g is a knock, not gravity: the low-pass skips it (one 8 g sample moved
    /// it by 50°, and it then sat past the threshold for the whole dwell).
    public var accelOnlyKnockG = 5.0
    /// Accelerometer-only devices must stay past the threshold this long: without a gyro a fast nod's head
    /// acceleration looks like tilt for a moment.
    public var accelOnlyDwellSeconds = 0.07
    /// Accelerometer-only devices fire only while |a| is this close to 1 g (the head is not accelerating).
    public var accelOnlySteadyG = 0.2
    /// Between two samples of a sensor that sends at its own regular, slow rate (within 1.5 intervals), the observer
    /// sees the line from one to the next instead of the first held (0: held, as after a fuzz-filtered silence).
    public var observerBetweenSamples = true
    /// Without a gyro, a sample after a silence longer than `maxSampleGapSeconds` is taken to have held its
    /// predecessor's value until this long before it (about one sample period).
    public var accelOnlyHoldStep = 0.01
    /// Accelerometer-only devices use `PitchObserver` (through `AccelOnlyTilt`) while calm; else the low-pass only.
    public var accelOnlyObserver = true
    /// The observer's lever: neck pivot to device, and its forward lean at neutral.
    public var observerLeverMetres = 0.14
    public var observerLeanDegrees = 33.0
    /// Its white-jerk density ((rad/s³)²/Hz) and accelerometer noise (g, model errors included).
    public var observerJerk = 1e6
    public var observerNoiseG = 0.05
    /// The observer is trusted while the RMS of |a| − 1 g (EMA over `vibrationSeconds`) was under `observerCalmG`
    /// `vibrationLagSeconds` ago, before the move under way began.
    public var vibrationSeconds = 0.5
    public var vibrationLagSeconds = 0.35
    /// A sample counts at most this far from 1 g in that RMS (a knock is one sample, not seconds of shaking).
    public var vibrationClipG = 2.0
    public var observerCalmG = 0.35
    /// ...and not while the accelerometer's fast part (what a 30 ms low-pass removes, RMS over 0.2 s) is above
    /// this: shaking, such as button mashing, that began since.
    public var observerShakeG = 0.7
    /// ...for longer than this (a fast gesture shakes the device too, for a moment).
    public var observerShakeLatchSeconds = 0.2
    /// ...and not while its normalised innovation (EMA over `observerMisfitSeconds`) is at or above
    /// `observerMisfitMax`: its model does not explain the accelerometer. Once that happened it is trusted again
    /// only after it agreed with a steady accelerometer (within `restMagnitudeG` and `restReseedDegrees`).
    public var observerMisfitSeconds = 0.1
    public var observerMisfitMax = 20.0
    /// A sample whose normalised innovation exceeds this is weighed down in the observer (a knock, a jolt).
    public var observerOutlierSurprise = 9.0
    /// The low-pass path fires nothing while the RMS of |a| − 1 g was at or above this `vibrationLagSeconds` ago
    /// (button mashing; the hardest distractor before a gesture stays under it).
    public var accelOnlyVetoG = 0.6
    /// While the observer is trusted the gate's dwell is this (instead of `accelOnlyDwellSeconds`).
    public var observerDwellSeconds = 0.0
    /// On the pass side the observer's gesture also needs |a| within this of 1 g, and the dwell is this.
    public var observerPassSteadyG = 0.3
    public var observerPassDwellSeconds = 0.05
    /// ...unless the observer is this far past the threshold and consistent with itself (the RMS of how far each
    /// update drags its elevation off its own rate, an EMA over `observerDragSeconds`, under
    /// `observerPassDragDps`): then neither applies (waiting for |a| to settle after a fast pass cost 150–200 ms).
    public var observerPassMarginDegrees = 12.0
    public var observerDragSeconds = 0.04
    public var observerPassDragDps = 60.0
    /// ...and the drag has not reached this since the observer last agreed with a steady accelerometer.
    public var observerDriftDps = 150.0
    /// Tilting up past the lever's lean, the accelerometer fits two poses: the true one and its mirror about the
    /// lever, reached with a large tangential acceleration (the two meet where the lever is vertical). An observer
    /// that took the mirror stays under the threshold, inconsistent with its own rate, while the low-pass and the
    /// raw angle are past it. Then the low-pass decides once both are this far past the threshold, through the
    /// pass dwell and with |a| within `observerPassSteadyG` of 1 g (a violent nod's overshoot reads 1.5–2 g), while
    /// the observer is still inconsistent.
    public var mirrorPassMarginDegrees = 10.0
    /// A drifted observer (see `observerDriftDps`) fires a pass only where the low-pass and the raw angle are that
    /// far past the threshold too, the observer is within this of the low-pass, through the pass dwell with |a|
    /// within `observerPassSteadyG` of 1 g (0: never).
    public var driftedPassAgreementDegrees = 8.0
    /// At rest: over `restSeconds` the in-plane accelerometer's mean within `restMagnitudeG` of 1 g and its spread
    /// under `restSpreadG`; then rate and acceleration are pinned to 0 and an estimate further than
    /// `restReseedDegrees` from the accelerometer's angle is re-seeded.
    public var restSeconds = 0.08
    public var restMagnitudeG = 0.1
    public var restSpreadG = 0.08
    public var restReseedDegrees = 8.0
    /// No event fires during this much data after a gap while the filter re-seeds.
    public var settleSeconds = 0.05
    /// Silence longer than this is ticked through the detector (live: the reader's poll timeout).
    public var tickSeconds = 0.02
    /// Without a gyro a tick moves the tilt only once this many sample intervals passed with no sample.
    public var tickPeriods = 1.5
    /// The mirror rule's pass dwell counts from half a sample interval before the first sample that showed it (see
    /// `TiltGate.step`'s `interval`).
    public var mirrorDwellFromMidInterval = true
    /// A dwell that a silence tick would end before the device's next sample is due ends on the sample instead: such a
    /// tick brings no sample and moves no tilt, so waiting for it only delays the same decision (see `TiltGate.step`).
    public var dwellEndsOnSample = true
    /// Where the device's samples come further apart than the silence ticks, the low-pass path's dwell (no trusted
    /// observer) also needs a second sample past the threshold: a tick between them brings nothing to dwell on.
    public var slowLowPassNeedsTwoSamples = true
    /// Samples further apart than this are treated as a gap.
    public var maxSampleGapSeconds = 0.25

    public init() {}
}
