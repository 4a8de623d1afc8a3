import BrewData
import BrewKit
import BrewSite
import Foundation

/// One full build: read, validate, render, write; with the time each stage took.
struct JournalBuild {
    let data: String
    let site: SiteOptions

    struct Outcome {
        var succeeded: Bool
        var pagesWritten: Int
    }

    func run() -> Outcome {
        let clock = StageClock()
        let result = DataDirectoryReader(root: data).read()
        let validated = result.validated
        clock.mark("load and validate")
        let (templates, templateDiagnostics) = TemplateSet.load(defaultDirectory: site.defaultTemplatesDirectory, overrideDirectory: site.templates)
        var missing: [Diagnostic] = templates.missing(SiteBuilder.requiredTemplates).map {
            .error("no template named \"\($0)\" (expected a file \($0).mustache)", at: .file(site.templates ?? site.defaultTemplatesDirectory))
        }
        missing += templateDiagnostics
        let shown = (validated.diagnostics + missing).sortedByLocation()
        let printable = site.quiet ? shown.filter { $0.severity == .error } : shown
        StandardError.write(DiagnosticPrinter.text(printable))

        let blocking = validated.blockingErrors + missing.filter { $0.severity == .error }
        if !blocking.isEmpty {
            let kept = FileManager.default.fileExists(atPath: site.output) ? "the site in \(site.output) was left as it was" : "no site was written"
            StandardError.write("build failed: \(DiagnosticPrinter.summary(shown)); \(kept)\n")
            return Outcome(succeeded: false, pagesWritten: 0)
        }
        let invalid = validated.invalidRecipeReasons.keys.sorted()
        if !invalid.isEmpty && !site.quiet {
            StandardError.write("note: \(invalid.count) recipe\(invalid.count == 1 ? " is" : "s are") invalid and shown as such: \(invalid.joined(separator: ", "))\n")
        }
        clock.mark("templates")
        let builder = SiteBuilder(renderer: PageRenderer(templates: templates), baseURL: site.baseURL)
        let files = builder.build(validated)
        clock.mark("render")
        do {
            let written = try SiteWriter(outputDirectory: site.output).write(files, copying: templates.assets)
            clock.mark("write")
            if !site.quiet {
                print("built \(site.output): \(files.filter { $0.path.hasSuffix(".html") }.count) pages (\(written) files) in \(clock.totalMilliseconds) ms [\(clock.summary)]")
            }
            return Outcome(succeeded: true, pagesWritten: files.count / 2)
        } catch {
            StandardError.write("\(error)\n")
            return Outcome(succeeded: false, pagesWritten: 0)
        }
    }
}

/// Measures the stages of a command.
final class StageClock {
    private let start = DispatchTime.now()
    private var last = DispatchTime.now()
    private(set) var stages: [(name: String, milliseconds: Int)] = []

    func mark(_ name: String) {
        let now = DispatchTime.now()
        stages.append((name, Int((now.uptimeNanoseconds - last.uptimeNanoseconds) / 1_000_000)))
        last = now
    }

    var totalMilliseconds: Int { Int((DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1_000_000) }
    var summary: String { stages.map { "\($0.name) \($0.milliseconds) ms" }.joined(separator: ", ") }
}
