import ArgumentParser
import BrewBuiltIns
import BrewData
import BrewKit
import Foundation

/// `brewguide templates`: the templates compiled into the binary.
struct TemplatesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "templates",
        abstract: "The built-in templates: copy them to start a look of your own.",
        subcommands: [TemplatesCopyCommand.self]
    )
}

/// `brewguide templates copy DIR`: writes the built-in templates and assets into a folder to edit,
/// refusing to overwrite any file there.
struct TemplatesCopyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "copy",
        abstract: "Write the built-in templates and assets into a folder, to edit and pass as --templates.",
        discussion: """
            Nothing is overwritten: when any of the files is already there, nothing is written. The files \
            are written into a staging folder beside DIR and moved into place when all are written, so a \
            full disk leaves none of them (and no empty template). \
            Delete the files you do not change: a template missing from --templates keeps the built-in one.
            """
    )

    @Argument(help: "The folder to write them into (made when missing).")
    var directory: String

    func run() throws {
        let folder = URL(fileURLWithPath: directory)
        let files = BuiltInTemplates.files.sorted { $0.key < $1.key }
        let taken = files.map(\.key).filter { FileManager.default.fileExists(atPath: folder.appendingPathComponent($0).path) }
        if !taken.isEmpty {
            let shown = taken.prefix(3).joined(separator: ", ") + (taken.count > 3 ? " and \(taken.count - 3) more" : "")
            throw CommandError.file(directory, "already holds \(shown); nothing was written (choose an empty or new folder)")
        }
        try Self.write(files, into: folder)
        print("""
            Wrote \(files.count) files into \(directory).
            Edit them and build with `brewguide build --templates \(directory)`; a file you delete keeps the built-in one.
            """)
    }

    /// Writes `files` into a staging folder beside `folder` (`.NAME.templates-<pid>`), each synced,
    /// then moves them into place: the staging folder takes the place of a missing or empty
    /// folder in one rename, or each file is renamed into a folder that holds other files (a
    /// rename needs no space). A write that fails removes the staging folder and writes nothing.
    static func write(_ files: [(key: String, value: String)], into folder: URL) throws {
        let manager = FileManager.default
        let target = folder.standardizedFileURL
        let staging = target.deletingLastPathComponent().appendingPathComponent(".\(target.lastPathComponent).templates-\(getpid())")
        try? manager.removeItem(at: staging)
        do {
            for (relative, text) in files {
                try AtomicFile.write(Array(text.utf8), to: staging.appendingPathComponent(relative).path)
            }
        } catch {
            try? manager.removeItem(at: staging)
            // `AtomicFile.write` throws only its `Failure`.
            throw CommandError.file(error.path, "cannot write the templates: \(error.reason); nothing was written")
        }
        try? manager.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
        if rename(staging.path, target.path) == 0 { return }
        for (relative, _) in files {
            let destination = target.appendingPathComponent(relative)
            try? manager.createDirectory(at: destination.deletingLastPathComponent(), withIntermediateDirectories: true)
            guard rename(staging.appendingPathComponent(relative).path, destination.path) == 0 else {
                let reason = String(cString: strerror(errno))
                try? manager.removeItem(at: staging)
                throw CommandError.file(destination.path, "cannot move the template into place: \(reason)")
            }
        }
        try? manager.removeItem(at: staging)
    }
}
