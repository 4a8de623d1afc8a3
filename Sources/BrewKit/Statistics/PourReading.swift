/// What a recorded pour says beside its plan, in numbers and in words (issue 17). Descriptive
/// only: it says what happened, never what to change (PRD 4.2).
///
/// Rules:
/// - The water poured at a moment is the highest reading so far, never below 0: a scale dips
///   when the kettle touches it or the dripper is lifted, but poured water does not un-pour.
/// - A pour is a stretch where the water rises faster than `pouringGramsPerSecond` (averaged
///   over `rateWindowSeconds`); stretches less than `joinSeconds` apart are one pour. A stretch starts where the
///   water leaves its level and ends where it reaches its new one (within 0.5 g).
/// - The bloom ends when the second pour starts, when the recording reaches the bloom's end (the
///   log's `bloomSeconds`, else the plan's); otherwise at the log's `bloomSeconds`, said to come
///   from the brew's fields. The last pour finishes when the last stretch ends, said only of a
///   recording that runs to the end of the brew (issue 28).
/// - A recording that stops more than `coveredSlackSeconds` before the brew's total time (or
///   before the plan's last pour when there is no total) covers only its first part: the reading
///   says how far it goes and what it does not show, and claims no last pour.
/// - The fastest pour rate is the steepest rise over `rateWindowSeconds`.
/// - The total time is the log's `brewTimeSeconds`, else the last sample's time; it is set
///   against the recipe's finish window, 3:00–3:30 when the recipe has none.
public struct PourReading: Sendable, Hashable {
    public static let pouringGramsPerSecond = 1.0
    public static let rateWindowSeconds = 2.0
    public static let joinSeconds = 3.0
    /// A recording that stops this close to the brew's end still covers the brew.
    public static let coveredSlackSeconds = 5.0
    /// The target window of the starter recipe (PRD 3.5): 3:00–3:30.
    public static let defaultFinishWindow = 180.0...210.0

    public struct Pour: Sendable, Hashable {
        public var startSeconds: Double
        public var endSeconds: Double
        /// Water on the scale when it ended.
        public var grams: Double
    }

    public var pours: [Pour]
    public var bloomEndSeconds: Double?
    /// Whether `bloomEndSeconds` was read from the recording (else from the log's fields).
    public var bloomFromRecording: Bool
    public var lastPourEndSeconds: Double?
    /// The plan's last water milestone (the end of its last pour), when a plan is given.
    public var plannedLastPourSeconds: Double?
    public var plannedBloomEndSeconds: Double?
    public var totalSeconds: Double?
    public var finishWindow: ClosedRange<Double>
    public var fastestGramsPerSecond: Double?
    public var finalGrams: Double?
    /// How long the scale recorded, when it stopped well before the brew's total time.
    public var recordedSeconds: Double?
    /// The time of the recording's last sample.
    public var finalSampleSeconds: Double?

    /// - Parameters:
    ///   - samples: the recorded pour, in time order; empty for a log with only a total time.
    public init(samples: [BrewFlow.Sample], plan: BrewPlan?, brewTimeSeconds: Double?, bloomSeconds: Double?) {
        let poured = Self.poured(samples)
        var pours: [Pour] = []
        var fastest: Double?
        if poured.count >= 2 {
            var back = 0
            var current: Pour?
            for index in poured.indices {
                while poured[index].seconds - poured[back].seconds > Self.rateWindowSeconds { back += 1 }
                let span = poured[index].seconds - poured[back].seconds
                guard span >= Self.rateWindowSeconds / 2 else { continue }
                let rate = (poured[index].grams - poured[back].grams) / span
                if span >= Self.rateWindowSeconds * 0.9 { fastest = max(fastest ?? 0, rate) }
                if rate > Self.pouringGramsPerSecond {
                    // The stretch starts where the water left its level at the window's start,
                    // and ends where it reached its level now: the window itself lags both.
                    var first = back
                    while first < index && poured[first + 1].grams <= poured[back].grams + 0.5 { first += 1 }
                    var last = index
                    while last > first && poured[last - 1].grams >= poured[index].grams - 0.5 { last -= 1 }
                    let start = poured[first].seconds
                    if var open = current, start - open.endSeconds <= Self.joinSeconds {
                        open.endSeconds = poured[last].seconds
                        open.grams = poured[index].grams
                        current = open
                    } else {
                        if let open = current { pours.append(open) }
                        current = Pour(startSeconds: start, endSeconds: poured[last].seconds, grams: poured[index].grams)
                    }
                }
            }
            if let open = current { pours.append(open) }
        }
        self.pours = pours
        self.fastestGramsPerSecond = fastest.flatMap { $0 > 0 ? $0 : nil }
        self.finalGrams = poured.last?.grams
        let plannedBloom = plan?.steps.first { $0.kind == .bloom }?.endSeconds
        let plannedLast = plan?.waterSteps.last?.endSeconds
        let recordedEnd = samples.count >= 2 ? samples.last?.seconds : nil
        self.finalSampleSeconds = recordedEnd
        // Where the recording stops well before the brew ends, it covers only its first part.
        if let end = recordedEnd {
            if let total = brewTimeSeconds, total - end > Self.coveredSlackSeconds {
                self.recordedSeconds = end
            } else if brewTimeSeconds == nil, let planned = plannedLast, planned - end > Self.coveredSlackSeconds {
                self.recordedSeconds = end
            }
        }
        // A second stretch is the end of the bloom only if the recording reaches the bloom's end.
        let bloomMark = bloomSeconds ?? plannedBloom ?? 0
        if pours.count >= 2, let end = recordedEnd, end >= bloomMark {
            self.bloomEndSeconds = pours[1].startSeconds
            self.bloomFromRecording = true
        } else {
            self.bloomEndSeconds = bloomSeconds
            self.bloomFromRecording = false
        }
        self.lastPourEndSeconds = recordedSeconds == nil ? pours.last?.endSeconds : nil
        self.plannedLastPourSeconds = plannedLast
        self.plannedBloomEndSeconds = plannedBloom
        self.totalSeconds = brewTimeSeconds ?? recordedEnd
        if let plan, plan.latestFinishSeconds > plan.totalSeconds {
            self.finishWindow = plan.totalSeconds...plan.latestFinishSeconds
        } else {
            self.finishWindow = Self.defaultFinishWindow
        }
    }

    /// The highest reading so far at each sample, never below 0.
    public static func poured(_ samples: [BrewFlow.Sample]) -> [BrewFlow.Sample] {
        var highest = 0.0
        return samples.map { sample in
            highest = max(highest, sample.grams)
            return BrewFlow.Sample(seconds: sample.seconds, grams: highest)
        }
    }

    /// The reading in a few sentences: bloom, last pour against its milestone, total time
    /// against the window, fastest pour.
    public var sentences: [String] {
        var lines: [String] = []
        if let bloom = bloomEndSeconds {
            var line = "The bloom ended at \(Format.clock(bloom))"
            if let planned = plannedBloomEndSeconds { line += " (planned \(Format.clock(planned)))" }
            if !bloomFromRecording, let recorded = recordedSeconds ?? (bloom > (finalSampleSeconds ?? .infinity) ? finalSampleSeconds : nil) {
                line += ", as the brew's fields say: the recording stops at \(Format.clock(recorded))"
            }
            lines.append(line + ".")
        }
        if let last = lastPourEndSeconds {
            var line = "The last pour finished at \(Format.clock(last))"
            if let planned = plannedLastPourSeconds {
                line += ", " + Self.against(last, planned, milestone: "its \(Format.clock(planned)) milestone")
            }
            if let grams = finalGrams { line += ", with \(Format.grams(grams.rounded())) on the scale" }
            lines.append(line + ".")
        }
        if let total = totalSeconds {
            let window = "\(Format.clock(finishWindow.lowerBound))–\(Format.clock(finishWindow.upperBound))"
            let place: String
            if finishWindow.contains(total) {
                place = "within the \(window) window"
            } else if total < finishWindow.lowerBound {
                place = "\(Self.duration(finishWindow.lowerBound - total)) before the \(window) window"
            } else {
                place = "\(Self.duration(total - finishWindow.upperBound)) after the \(window) window"
            }
            lines.append("The brew took \(Format.clock(total)), \(place).")
        }
        if let fastest = fastestGramsPerSecond {
            lines.append("The fastest pour ran at \(Format.number(fastest, decimals: 1)) g/s.")
        }
        if let recorded = recordedSeconds {
            var line = "The scale recorded only the first \(Format.clock(recorded)) of the brew"
            if let grams = finalGrams { line += ", \(Format.grams(grams.rounded())) by then" }
            line += "; the pours after that, and when the last one finished, are not in the recording"
            lines.append(line + ".")
        }
        return lines
    }

    static func against(_ actual: Double, _ planned: Double, milestone: String) -> String {
        let difference = actual - planned
        if abs(difference) < 0.5 { return "on \(milestone)" }
        return "\(duration(abs(difference))) \(difference > 0 ? "after" : "before") \(milestone)"
    }

    /// `12 s`, `1:05`.
    static func duration(_ seconds: Double) -> String {
        let rounded = seconds.rounded()
        return rounded < 60 ? "\(Format.number(rounded)) s" : Format.clock(rounded)
    }
}
