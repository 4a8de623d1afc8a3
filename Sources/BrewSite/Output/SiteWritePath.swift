/// Every way a page reaches the site on disk. The site's writers take one as an argument with no
/// default (`SiteTransaction.commit(as:afterGivingWay:meanwhile:)`, `LiveSiteFiles.put(_:into:as:)`)
/// and record it once the pages are live (`SiteWritesTaken`, read by `JournalSite.takeWritePaths()`),
/// so code that writes pages does not compile until it names its way. `FastPathsEqualFullBuildTests`
/// makes a change go down each case, checks the writers recorded it, and compares the site with a
/// clean full build of the same data; its switch over the cases has no `default`, so a way added
/// here does not compile there until it is given such a change.
public enum SiteWritePath: String, CaseIterable, Sendable {
    /// Every page, into a staging copy that replaces the site whole (`SiteTransaction` `.replaceAll`):
    /// the first build, and `build --full`.
    case fullBuild
    /// A site already built, made whole again the same way: the templates changed, or there is no
    /// staging copy to update.
    case rebuiltWhole
    /// The pages a change touches (`SiteChanges.between`), a few of them, made in memory first while
    /// the build may still give way to a newer change (`build(shouldStop:)`), then written.
    case changedPagesMadeFirst
    /// The pages a change touches, written into the staging copy as they are made (many of them, or
    /// a build that never gives way), then swapped in.
    case changedPagesWrittenAsMade
    /// The pages of logs just edited, put straight into the live site before the rebuild
    /// (`publishEditedLogPages`).
    case editedLogsFirst
    /// The pages of logs just added after the others, put first the same way (`Journal.newLogPages`).
    case newLogsFirst
    /// The pages of a newer save put first while a rebuild writes (`build(newerSaveWaiting:)`).
    case newerSaveWhileWriting
    /// Those pages put again after the rebuild's swap, which may have put its own older ones live.
    case newerSaveAgainAfterSwap
    /// A rebuild after one that gave way to a newer change: it does what that one read as well.
    case afterGivingWay
}
