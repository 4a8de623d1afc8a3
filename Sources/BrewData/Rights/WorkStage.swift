/// What a long import or merge has done so far, reported as it goes for the command's progress
/// line on a terminal (`brewguide`'s `ProgressLine` decides what is shown, and when).
public enum WorkStage: Sendable, Equatable {
    /// An archive's records (and files carried whole) checked as the data directory would read them.
    case checkingRecords
    /// Records (and files carried whole) written into a data directory.
    case writingRecords
    /// Another app's brews (one file's) mapped to brew logs and checked (`import-brews`).
    case checkingBrews
    /// Brew logs (with their pours) written into a data directory (`import-brews`).
    case writingBrews
}

/// `done` of `total` of a stage's things; called on the thread doing the work.
public typealias WorkProgress = (_ stage: WorkStage, _ done: Int, _ total: Int) -> Void
