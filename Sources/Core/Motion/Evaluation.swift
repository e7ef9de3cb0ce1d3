import Platform

/// A true gesture: when the true tilt crossed the threshold.
public struct TruthEvent: Sendable, Equatable, Codable {
    public var t: Double
    public var kind: GestureKind

    public init(t: Double, kind: GestureKind) {
        self.t = t
        self.kind = kind
    }
}

/// Detections against truth: precision, recall, F1 and detection latency.
public struct Evaluation: Sendable, Equatable {
    /// A detection matches a truth event of the same kind from 50 ms before to 350 ms after it.
    public static let window = (early: -0.050, late: 0.350)

    public var truePositives = 0
    public var falsePositives = 0
    public var falseNegatives = 0
    /// Detection minus truth time, in seconds, one per match.
    public var latencies: [Double] = []
    /// Detections that matched nothing, and truth events nobody detected (for reports and plots).
    public var falseEvents: [TiltEvent] = []
    public var missed: [TruthEvent] = []

    public init() {}

    /// Matches in time order; each truth event and each detection is used at most once, and a detection takes
    /// the earliest unmatched truth event it can.
    public init(detections: [TiltEvent], truth: [TruthEvent]) {
        let truthSorted = truth.sorted { $0.t < $1.t }
        var used = [Bool](repeating: false, count: truthSorted.count)
        for d in detections.sorted(by: { $0.stamp < $1.stamp }) {
            var match: Int?
            for (i, t) in truthSorted.enumerated() where !used[i] && t.kind == d.kind {
                let dt = d.stamp.seconds - t.t
                if dt >= Self.window.early && dt <= Self.window.late {
                    match = i
                    break
                }
                if dt < Self.window.early { break }
            }
            if let i = match {
                used[i] = true
                truePositives += 1
                latencies.append(d.stamp.seconds - truthSorted[i].t)
            } else {
                falsePositives += 1
                falseEvents.append(d)
            }
        }
        for (i, t) in truthSorted.enumerated() where !used[i] {
            falseNegatives += 1
            missed.append(t)
        }
    }

    public static func + (a: Evaluation, b: Evaluation) -> Evaluation {
        var r = a
        r.truePositives += b.truePositives
        r.falsePositives += b.falsePositives
        r.falseNegatives += b.falseNegatives
        r.latencies += b.latencies
        r.falseEvents += b.falseEvents
        r.missed += b.missed
        return r
    }

    public var precision: Double {
        truePositives + falsePositives == 0 ? 1 : Double(truePositives) / Double(truePositives + falsePositives)
    }
    public var recall: Double {
        truePositives + falseNegatives == 0 ? 1 : Double(truePositives) / Double(truePositives + falseNegatives)
    }
    public var f1: Double {
        let p = precision, r = recall
        return p + r == 0 ? 0 : 2 * p * r / (p + r)
    }
    public var latencyMedian: Double { percentile(latencies, 0.5) }
    public var latencyP95: Double { percentile(latencies, 0.95) }
}

/// Nearest-rank percentile (NaN for no values).
public func percentile(_ values: [Double], _ p: Double) -> Double {
    guard !values.isEmpty else { return .nan }
    let sorted = values.sorted()
    let rank = Int(saturating: (p * Double(sorted.count)).rounded(.up))
    return sorted[min(max(rank, 1), sorted.count) - 1]
}
