import ArgumentParser
import BrewClip
import BrewData
import BrewKit
import Foundation

/// `brewguide kitchen export --format cooklang --output DIR`: every kitchen recipe as a `.cook` file.
struct KitchenExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write every kitchen recipe as a Cooklang .cook file (<id>.cook) in a folder.",
        discussion: """
            The ingredients come first, one a line, then each step as a paragraph; title, servings, category, \
            times, source and description are the file's front matter. kitchen import cooklang reads the files \
            back to the same ingredients and steps. A file already in the folder with other content is not \
            written over (exit status 1). See docs/KITCHEN.md.
            """
    )

    @Option(help: "The format: cooklang.")
    var format: String = "cooklang"

    @Option(help: "The folder to write the .cook files in (made when missing).")
    var output: String

    @OptionGroup var dataOptions: DataOptions

    func validate() throws {
        guard format == "cooklang" else { throw ValidationError("--format must be cooklang, found \"\(format)\"") }
    }

    func run() throws {
        let read = DataDirectoryReader(root: dataOptions.data).read()
        let errors = read.validated.diagnostics.filter { $0.severity == .error }
        if !errors.isEmpty {
            throw CommandError("the data directory has errors; fix them first (nothing was written)", findings: errors)
        }
        // Never into the system's folders, nor into the data directory (check would read the files there).
        let target = WriteTarget.resolved(output)
        if let refusal = WriteTarget.systemRefusal(target) {
            throw CommandError.file(output, "\(output) \(refusal); name a folder of its own, such as cooklang")
        }
        if WriteTarget.isSame(target, orInside: WriteTarget.resolved(dataOptions.data)) {
            throw CommandError.file(output, "is the data directory or inside it; name a folder outside it, such as cooklang")
        }
        do {
            try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)
        } catch {
            throw CommandError.file(output, "cannot make the folder: \(error)")
        }
        var written = 0, unchanged = 0, refused = 0
        for recipe in read.validated.dataset.kitchenRecipes.map(\.value) {
            let path = (output as NSString).appendingPathComponent(recipe.id + ".cook")
            let bytes = Array(CooklangWriter.text(recipe).utf8)
            if let present = FileManager.default.contents(atPath: path) {
                if [UInt8](present) == bytes { unchanged += 1; continue }
                refused += 1
                StandardError.report(.file(path, "a different file is already there; not written over (kitchen recipe \"\(recipe.id)\")"))
                continue
            }
            do {
                try AtomicFile.write(bytes, to: path)
                written += 1
            } catch {
                refused += 1
                StandardError.report(error.commandError())
            }
        }
        print("wrote \(written) .cook file\(written == 1 ? "" : "s") to \(output)" + (unchanged > 0 ? ", \(unchanged) already there and the same" : ""))
        if refused > 0 { throw ExitCode(1) }
    }
}
