import Foundation

/// The meal plan as an iCalendar feed (RFC 5545; issue 52): one VEVENT a planned slot, at its
/// meal's usual time on its day in the journal's time zone. No I/O: the site writes the text
/// as `kitchen/plan.ics`.
///
/// Rules:
/// - The preferences hold no meal times, so each meal has a usual time (`usualTimes`) and a
///   length (`minutes(of:)`): a meal 30 minutes, a snack 15.
/// - Times are written as UTC moments (`DTSTART:20261124T113000Z`), worked out from the day and
///   the usual time in the journal's zone (`preferences.json` `timeZone`; UTC when none is set),
///   so the feed needs no VTIMEZONE and a calendar shows each meal at the right local time,
///   summer time too. `X-WR-TIMEZONE` names the journal's zone for apps that read it.
/// - `UID` is the slot's id (`<id>@meal-plan.brewguide`): a slot moved or renamed in the plan
///   updates its event instead of adding one. A repeated id (which `check` refuses) gets `-2`,
///   `-3`… so no two events share one.
/// - `DTSTAMP` is the slot's `updatedAt`, else its start, so a build of the same data writes
///   the same bytes.
/// - `URL` is the recipe's page under the site's base URL; without one no `URL` is written
///   (RFC 5545's URL is an absolute URI) and the description names the page's path in the site.
public struct MealPlanCalendar: Sendable {
    public struct Event: Hashable, Sendable {
        public var uid: String
        public var start: Date
        public var minutes: Int
        public var summary: String
        public var description: String
        public var url: String?
        public var stamp: Date
    }

    /// A planned slot to write: the slot, the name shown, and the id of the recipe whose page it
    /// links to (nil for a snack, a quick-add item or a recipe without a page).
    public struct Planned: Hashable, Sendable {
        public var slot: MealSlot
        public var name: String
        public var linkedRecipeID: String?

        public init(slot: MealSlot, name: String, linkedRecipeID: String?) {
            self.slot = slot
            self.name = name
            self.linkedRecipeID = linkedRecipeID
        }
    }

    /// The hour and minute each meal is put at.
    public static let usualTimes: [Meal: (hour: Int, minute: Int)] = [
        .breakfast: (8, 0), .morningSnack: (10, 30), .lunch: (12, 30),
        .afternoonSnack: (15, 30), .dinner: (19, 0), .eveningSnack: (21, 0),
    ]

    /// How long an event of `meal` lasts: 30 minutes for a meal, 15 for a snack.
    public static func minutes(of meal: Meal) -> Int {
        switch meal {
        case .breakfast, .lunch, .dinner: 30
        case .morningSnack, .afternoonSnack, .eveningSnack: 15
        }
    }

    public var calendarName: String
    public var events: [Event]
    /// The journal's zone name for `X-WR-TIMEZONE`, nil when the journal sets none.
    public var zoneName: String?

    /// - Parameters:
    ///   - planned: the slots in the order to write them (a slot whose day is not a day is left out).
    ///   - zone: the journal's zone; nil is UTC.
    ///   - baseURL: the site's public address, for the recipes' `URL`.
    public init(calendarName: String, planned: [Planned], zone: TimeZone?, baseURL: String?) {
        self.calendarName = calendarName
        self.zoneName = zone?.identifier
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone ?? TimeZone(identifier: "UTC")!
        var usedUIDs: [String: Int] = [:]
        var events: [Event] = []
        for item in planned {
            let slot = item.slot
            guard let start = Self.start(of: slot, in: calendar) else { continue }
            var uid = "\(slot.id)@meal-plan.brewguide"
            let seen = usedUIDs[uid, default: 0] + 1
            usedUIDs[uid] = seen
            if seen > 1 { uid = "\(slot.id)-\(seen)@meal-plan.brewguide" }
            var description = item.name
            if slot.servings != 1 { description += ", \(Format.number(slot.servings)) serving\(slot.servings == 1 ? "" : "s")" }
            var url: String?
            if let id = item.linkedRecipeID {
                let path = "kitchen/recipes/\(id).html"
                if let baseURL, !baseURL.isEmpty {
                    url = (baseURL.hasSuffix("/") ? baseURL : baseURL + "/") + path
                } else {
                    description += "\nRecipe page: \(path) in the journal site"
                }
            }
            let stamp = slot.updatedAt.flatMap(ISO8601.date(from:)) ?? start
            events.append(Event(uid: uid, start: start, minutes: Self.minutes(of: slot.meal),
                                summary: "\(slot.meal.rawValue): \(item.name)", description: description, url: url, stamp: stamp))
        }
        self.events = events
    }

    /// The slot's day at its meal's usual time in `calendar`'s zone.
    static func start(of slot: MealSlot, in calendar: Calendar) -> Date? {
        guard PlanDay.date(from: slot.day) != nil else { return nil }
        let parts = slot.day.split(separator: "-").compactMap { Int($0) }
        guard parts.count == 3, let time = usualTimes[slot.meal] else { return nil }
        return calendar.date(from: DateComponents(year: parts[0], month: parts[1], day: parts[2], hour: time.hour, minute: time.minute))
    }

    /// The whole feed: CRLF lines folded at 75 octets, every text escaped.
    public var text: String {
        var lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//brewguide//meal plan//EN", "CALSCALE:GREGORIAN", "METHOD:PUBLISH",
                     "X-WR-CALNAME:\(ICalendarText.escape(calendarName))"]
        if let zoneName { lines.append("X-WR-TIMEZONE:\(ICalendarText.escape(zoneName))") }
        for event in events {
            lines += ["BEGIN:VEVENT",
                      "UID:\(ICalendarText.escape(event.uid))",
                      "DTSTAMP:\(ICalendarText.utcDateTime(event.stamp))",
                      "DTSTART:\(ICalendarText.utcDateTime(event.start))",
                      "DURATION:PT\(event.minutes)M",
                      "SUMMARY:\(ICalendarText.escape(event.summary))",
                      "DESCRIPTION:\(ICalendarText.escape(event.description))"]
            if let url = event.url { lines.append("URL:\(Self.uriValue(url))") }
            lines.append("END:VEVENT")
        }
        lines.append("END:VCALENDAR")
        return lines.map(ICalendarText.fold).joined()
    }

    /// A URI value as RFC 5545 takes it (not escaped as TEXT): characters a URI may not hold
    /// (spaces, control characters, non-ASCII) percent-encoded.
    static func uriValue(_ url: String) -> String {
        var allowed = CharacterSet.urlFragmentAllowed
        allowed.insert(charactersIn: "#%")
        return url.addingPercentEncoding(withAllowedCharacters: allowed) ?? url
    }
}
