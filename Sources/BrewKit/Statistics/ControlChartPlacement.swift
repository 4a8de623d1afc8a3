/// Which brews the brewing control chart places, where, and which it leaves out and why
/// (issue 52). A brew is placed only from what was measured: never a guessed TDS or mass.
///
/// Rules:
/// - No TDS reading (TDS or Brix): left out, `.noReading`.
/// - An immersion: extraction from its water (`targetYieldGrams`).
/// - A percolation: from its beverage mass when one is recorded; else the extraction yield the
///   brew recorded (an imported brew's app worked it out from its own beverage mass); else left
///   out, `.noBeverageMass` (the water poured is not the beverage: the grounds keep some).
/// - A Brix reading is converted (`BrewingControl.tdsPercent(fromBrix:)`) and the point says so.
public struct ControlChartPlacement: Sendable, Hashable {
    /// What the chart reads of one brew.
    public struct Brew: Sendable, Hashable {
        public enum Reading: Sendable, Hashable {
            case tdsPercent(Double)
            case brix(Double)
        }

        public var id: String
        public var method: BrewingControl.Method
        public var reading: Reading?
        public var doseGrams: Double
        public var waterGrams: Double
        public var beverageGrams: Double?
        public var recordedExtractionPercent: Double?
        public var rating: Int?

        public init(id: String, method: BrewingControl.Method, reading: Reading?, doseGrams: Double, waterGrams: Double,
                    beverageGrams: Double? = nil, recordedExtractionPercent: Double? = nil, rating: Int?) {
            self.id = id
            self.method = method
            self.reading = reading
            self.doseGrams = doseGrams
            self.waterGrams = waterGrams
            self.beverageGrams = beverageGrams
            self.recordedExtractionPercent = recordedExtractionPercent
            self.rating = rating
        }

        /// A journal brew: its TDS (or, without one, its Brix reading), water, dose, beverage mass,
        /// the extraction yield it recorded and its rating.
        public init(_ log: BrewLog) {
            let reading = log.tds.map(Reading.tdsPercent) ?? log.brix.map(Reading.brix)
            self.init(id: log.id, method: .init(methodName: log.method), reading: reading,
                      doseGrams: log.doseGrams, waterGrams: log.targetYieldGrams, beverageGrams: log.beverageGrams,
                      recordedExtractionPercent: log.extractionYieldPercent, rating: log.rating)
        }
    }

    /// How a placed point's extraction was found.
    public enum Basis: String, Sendable, Hashable {
        case beverageMass = "TDS × beverage ÷ dose"
        case water = "TDS × water ÷ dose"
        case recordedExtraction = "extraction as recorded"
    }

    public struct Point: Sendable, Hashable {
        public var id: String
        public var tdsPercent: Double
        public var extractionPercent: Double
        public var rating: Int?
        public var basis: Basis
        /// The Brix reading the TDS was converted from, nil for a TDS reading.
        public var brix: Double?
    }

    public enum LeftOut: String, Sendable, Hashable, CaseIterable, Comparable {
        case noReading = "no TDS or Brix reading"
        case noBeverageMass = "a pour-over without its beverage mass or recorded extraction"

        public static func < (a: LeftOut, b: LeftOut) -> Bool { allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)! }
    }

    public var points: [Point] = []
    public var leftOut: [LeftOut: Int] = [:]

    public init(_ brews: [Brew]) {
        for brew in brews {
            switch Self.place(brew) {
            case .success(let point): points.append(point)
            case .failure(let reason): leftOut[reason.reason, default: 0] += 1
            }
        }
    }

    struct Refusal: Error { var reason: LeftOut }

    static func place(_ brew: Brew) -> Result<Point, Refusal> {
        let tds: Double, brix: Double?
        switch brew.reading {
        case nil: return .failure(Refusal(reason: .noReading))
        case .tdsPercent(let value): (tds, brix) = (value, nil)
        case .brix(let value): (tds, brix) = (BrewingControl.tdsPercent(fromBrix: value), value)
        }
        guard tds.isFinite, tds > 0 else { return .failure(Refusal(reason: .noReading)) }
        let extraction: Double?, basis: Basis
        switch brew.method {
        case .immersion:
            (extraction, basis) = (BrewingControl.immersionExtractionPercent(tdsPercent: tds, waterGrams: brew.waterGrams, doseGrams: brew.doseGrams), .water)
        case .percolation:
            if let beverage = brew.beverageGrams {
                (extraction, basis) = (BrewingControl.percolationExtractionPercent(tdsPercent: tds, beverageGrams: beverage, doseGrams: brew.doseGrams), .beverageMass)
            } else {
                (extraction, basis) = (brew.recordedExtractionPercent, .recordedExtraction)
            }
        }
        guard let extraction, extraction.isFinite, extraction > 0 else {
            return .failure(Refusal(reason: brew.method == .percolation ? .noBeverageMass : .noReading))
        }
        return .success(Point(id: brew.id, tdsPercent: tds, extractionPercent: extraction, rating: brew.rating, basis: basis, brix: brix))
    }

    public var leftOutCount: Int { leftOut.values.reduce(0, +) }

    /// Where the brews rated 4 or 5 stars sit against the Golden Cup box: nil when none is placed.
    public struct Cluster: Sendable, Hashable {
        public var count: Int
        public var medianTDSPercent: Double
        public var medianExtractionPercent: Double
        /// How many of them are inside the box.
        public var insideBox: Int
        /// The box side of the medians: strength then extraction.
        public var strength: BrewingControl.Side
        public var extraction: BrewingControl.Side
    }

    public var wellRated: Cluster? {
        let good = points.filter { ($0.rating ?? 0) >= 4 }
        guard !good.isEmpty else { return nil }
        let tds = Self.median(good.map(\.tdsPercent)), extraction = Self.median(good.map(\.extractionPercent))
        let inside = good.filter { BrewingControl.goldenCupTDSPercent.contains($0.tdsPercent) && BrewingControl.goldenCupExtractionPercent.contains($0.extractionPercent) }.count
        return Cluster(count: good.count, medianTDSPercent: tds, medianExtractionPercent: extraction, insideBox: inside,
                       strength: .init(tds, against: BrewingControl.goldenCupTDSPercent),
                       extraction: .init(extraction, against: BrewingControl.goldenCupExtractionPercent))
    }

    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }
}
