/// The numbers behind a chart, and the words that describe it to someone who cannot see it.
public struct ChartData: Sendable {
    public struct Point: Sendable {
        public var label: String
        public var value: Double
        /// How the value reads: `4.5`, `3 brews`.
        public var valueText: String
        /// For a point of a time series: the first day of its period (days since 1970) and how
        /// many days the period spans. When every point has one, the chart's x axis is time,
        /// proportional to the days (issue 28).
        public var startDay: Int?
        public var lengthDays: Int

        public init(label: String, value: Double, valueText: String, startDay: Int? = nil, lengthDays: Int = 1) {
            self.label = label
            self.value = value
            self.valueText = valueText
            self.startDay = startDay
            self.lengthDays = max(lengthDays, 1)
        }
    }

    public enum Style: Sendable { case bars, line }

    /// What the values are, which decides the value axis's ticks (`ChartAxis`).
    public enum ValueKind: Sendable {
        /// Counts (brews): whole-number ticks from 0.
        case count
        /// Ratings: 1 to 5 in whole stars.
        case stars
        /// Any amount: ticks at 1, 2 or 5 × 10ⁿ from 0.
        case amount
    }

    public var id: String
    public var title: String
    public var summary: String
    public var labelHeading: String
    public var valueHeading: String
    public var points: [Point]
    public var style: Style
    /// A fixed top of the value axis (5 for ratings); the largest value otherwise.
    public var maximumValue: Double?
    public var valueKind: ValueKind

    public init(id: String, title: String, summary: String, labelHeading: String, valueHeading: String, points: [Point], style: Style, maximumValue: Double? = nil, valueKind: ValueKind = .amount) {
        self.id = id
        self.title = title
        self.summary = summary
        self.labelHeading = labelHeading
        self.valueHeading = valueHeading
        self.points = points
        self.style = style
        self.maximumValue = maximumValue
        self.valueKind = valueKind
    }
}
