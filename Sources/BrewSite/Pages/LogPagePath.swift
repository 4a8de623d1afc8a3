import BrewKit

/// Where a log's page goes: `logs/2026/10/<id>` (without extension), in the folder of the month
/// the log was brewed in, in the journal's time zone: the month whose list
/// (`logs/by-month/2026-10`) shows it.
///
/// One folder per month keeps each folder to a month of pages (a few hundred files at most) instead
/// of every log of the journal in one `logs/` folder, whose lock in the kernel every thread
/// creating a page waits on. Ids cannot hold `/` (`RecordID`), and the month folders are numbers,
/// which no page of `logs/` (`index`, `page/`, `by-…/`) is named.
public enum LogPagePath {
    public static func path(id: String, brewedAt local: LocalTime) -> String {
        "logs/\(local.year)/\(local.month < 10 ? "0" : "")\(local.month)/\(id)"
    }

    static func path(of log: BrewLog, in timeZone: JournalTimeZone) -> String {
        path(id: log.id, brewedAt: timeZone.local(log.timestamp, writtenOffsetSeconds: log.timestampOffsetSeconds))
    }
}
