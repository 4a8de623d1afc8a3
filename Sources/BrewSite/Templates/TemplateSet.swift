import BrewBuiltIns
import BrewKit
import Foundation
import Mustache
import BrewData

/// The Mustache templates and static assets of a site: the built-in defaults (`Templates/`, compiled
/// into the binary), with any file of the same name in the user's templates directories taking its
/// place (templates, partials and assets alike); a name the user's folders lack keeps the built-in one.
public struct TemplateSet: Sendable {
    public static let templateExtension = ".mustache"
    public static let assetsFolder = "assets"

    public private(set) var library: MustacheLibrary
    /// Where each template came from, by template name: its file, or `built in` for a default.
    public private(set) var sources: [String: String]
    /// Static files to copy into the site (their bytes), by path relative to `assets/`.
    public private(set) var assets: [String: [UInt8]]
    /// The scripts `serve` adds to the pages it serves with the key (`assets/served/…`, by path
    /// relative to it), never copied into the site.
    public private(set) var servedScripts: [String: [UInt8]] = [:]
    /// The folder under `assets/` of the served scripts.
    public static let servedFolder = "served/"
    /// Whether any template applies a transform (`{{uppercased(name)}}`): templates are then always rendered in full.
    public private(set) var usesTransforms = false

    /// The name built-in templates are reported under, where a file's path would be.
    public static let builtInSource = "(built in)"

    /// Loads the built-in templates, then those under `defaultDirectory` (`BREWGUIDE_TEMPLATES`),
    /// then those under `overrideDirectory` (`--templates`), each replacing the ones of the same name.
    /// Every template that does not parse is reported with its file, line and column.
    public static func load(defaultDirectory: String?, overrideDirectory: String?) -> (templates: TemplateSet, diagnostics: [Diagnostic]) {
        MarkdownEscaping.register()
        var set = TemplateSet(library: MustacheLibrary(), sources: [:], assets: [:])
        var diagnostics: [Diagnostic] = []
        set.addBuiltIns(diagnostics: &diagnostics)
        for directory in [defaultDirectory, overrideDirectory].compactMap({ $0 }) {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
                diagnostics.append(.error("the templates directory \"\(directory)\" does not exist", at: .file(directory)))
                continue
            }
            set.add(directory: directory, diagnostics: &diagnostics)
        }
        return (set, diagnostics)
    }

    /// The defaults compiled into the binary (`BuiltInTemplates.files`, made from `Templates/`).
    private mutating func addBuiltIns(diagnostics: inout [Diagnostic]) {
        for (relative, text) in BuiltInTemplates.files.sorted(by: { $0.key < $1.key }) {
            if relative.hasPrefix(Self.assetsFolder + "/") {
                addAsset(String(relative.dropFirst(Self.assetsFolder.count + 1)), Array(text.utf8))
            } else if relative.hasSuffix(Self.templateExtension) {
                add(template: text, named: String(relative.dropLast(Self.templateExtension.count)), from: Self.builtInSource + " " + relative, diagnostics: &diagnostics)
            }
        }
    }

    private mutating func addAsset(_ relative: String, _ bytes: [UInt8]) {
        if relative.hasPrefix(Self.servedFolder) {
            servedScripts[String(relative.dropFirst(Self.servedFolder.count))] = bytes
        } else {
            assets[relative] = bytes
        }
    }

    private mutating func add(directory: String, diagnostics: inout [Diagnostic]) {
        guard let enumerator = FileManager.default.enumerator(atPath: directory) else { return }
        var relatives: [String] = []
        while let relative = enumerator.nextObject() as? String {
            let name = (relative as NSString).lastPathComponent
            if BrewData.EditorDroppings.isIgnored(name) { continue }
            if (enumerator.fileAttributes?[.type] as? FileAttributeType) == .typeRegular { relatives.append(relative) }
        }
        for relative in relatives.sorted() {
            let path = (directory as NSString).appendingPathComponent(relative)
            if relative.hasPrefix(Self.assetsFolder + "/") {
                guard let bytes = FileManager.default.contents(atPath: path) else {
                    diagnostics.append(.error("cannot read the asset", at: .file(path)))
                    continue
                }
                addAsset(String(relative.dropFirst(Self.assetsFolder.count + 1)), [UInt8](bytes))
                continue
            }
            guard relative.hasSuffix(Self.templateExtension) else { continue }
            let name = String(relative.dropLast(Self.templateExtension.count))
            guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
                diagnostics.append(.error("cannot read the template as UTF-8 text", at: .file(path)))
                continue
            }
            // An empty file is what a copy on a full disk leaves: used, it would drop its page's
            // part without a word. A part left out on purpose says so in a comment.
            guard !text.isEmpty else {
                diagnostics.append(.error("the template is empty (0 bytes), which would leave its part of every page out; fill it, delete it to use the built-in one, or hold only a comment ({{! left out }}) to leave the part out", at: .file(path)))
                continue
            }
            add(template: text, named: name, from: path, diagnostics: &diagnostics)
        }
    }

    private mutating func add(template text: String, named name: String, from path: String, diagnostics: inout [Diagnostic]) {
        do {
            library.register(try MustacheTemplate(string: text), named: name)
            sources[name] = path
            usesTransforms = usesTransforms || TemplateShapes.hasTransform(text)
        } catch let error as MustacheTemplate.ParserError {
            let location = SourceLocation(file: path, line: error.context.lineNumber, column: error.context.columnNumber)
            let line = error.context.line.trimmingCharacters(in: .whitespaces)
            diagnostics.append(.error("template does not parse: \(Self.describe(error.error))" + (line.isEmpty ? "" : " in \"\(line)\""), at: location))
        } catch {
            diagnostics.append(.error("template does not parse: \(error)", at: .file(path)))
        }
    }

    static func describe(_ error: Error) -> String {
        // swift-mustache's reader says only "overflow" when the text ends before a tag does.
        if String(describing: error) == "overflow" { return "the template ends inside a tag (is a }} missing?)" }
        guard let parserError = error as? MustacheTemplate.Error else { return "\(error)" }
        switch parserError {
        case .sectionCloseNameIncorrect: return "a section is closed with a different name than it was opened"
        case .unfinishedName: return "a tag is not closed with }}"
        case .expectedSectionEnd: return "a section is opened but never closed"
        case .invalidSetDelimiter: return "a set-delimiter tag is badly formed"
        case .transformAppliedToInheritanceSection: return "a transform is applied to an inheritance section"
        case .illegalTokenInsideInheritSection: return "an inheritance section holds a tag it cannot hold"
        case .textInsideInheritSection: return "an inheritance section holds text"
        case .invalidConfigVariableSyntax: return "a pragma is badly formed"
        case .unrecognisedConfigVariable: return "a pragma names an unknown setting"
        }
    }

    /// Whether a template of this name exists.
    public func has(_ name: String) -> Bool { library.getTemplate(named: name) != nil }

    /// Renders a template; a missing template is a programming or installation error reported by the caller's check.
    public func render(_ context: [String: Any], with name: String) -> String {
        library.render(TemplateValues(context), withTemplate: name) ?? ""
    }

    /// Templates every build needs: their absence is reported before rendering starts.
    public func missing(_ required: [String]) -> [String] { required.filter { !has($0) } }
}
