import ArgumentParser
import BrewBuiltIns
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
            Nothing is overwritten: when any of the files is already there, nothing is written. \
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
        for (relative, text) in files {
            let target = folder.appendingPathComponent(relative)
            do {
                try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(text.utf8).write(to: target, options: .withoutOverwriting)
            } catch {
                throw CommandError.file(target.path, "cannot write the template: \(error.localizedDescription)")
            }
        }
        print("""
            Wrote \(files.count) files into \(directory).
            Edit them and build with `brewguide build --templates \(directory)`; a file you delete keeps the built-in one.
            """)
    }
}
