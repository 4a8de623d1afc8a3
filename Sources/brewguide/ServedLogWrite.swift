import ArgumentParser
import BrewData
import BrewKit
import BrewServe
import BrewSite
import Foundation

/// `POST /_api/log` of `serve --edit`/`--lan`: a brew recorded from a form whose fields are named
/// as `brewguide log`'s long options, through `LogCommand.record`, the code `log` runs (the
/// same checks and messages, the same data lock, the same atomic writes). Each write is printed
/// on the terminal: what was recorded, in which file, from where (never the key).
enum ServedLogWrite {
    static let path = "/_api/log"

    /// `log`'s options that the form may give (`LogField.all`'s served options), `recipe` for its argument.
    static let fields: Set<String> = Set(["recipe"] + LogField.all.compactMap { $0.option?.isServed == true ? $0.option?.name : nil })

    /// `reader`: the journal kept read between saves (each reads again only the files changed
    /// since); `serve` hands it the first build's read.
    static func endpoint(root: String, reader: KeptDataReader? = nil) -> WriteEndpoint {
        let reader = reader ?? KeptDataReader(root: root)
        return WriteEndpoint(path: path, knownFields: fields) { form, context in
            await ServedForm.onOwnThread { outcome(of: form, root: root, from: context.peerAddress, reader: reader, context: context) }
        }
    }

    /// Reads the form as `log` reads its options, records the brew and prints the line.
    static func outcome(of form: [String: String], root: String, from peer: String?, reader: KeptDataReader? = nil, context: WriteContext = WriteContext(peerAddress: nil)) -> WriteOutcome {
        var request: BrewRecorder.Request
        switch Self.request(from: form) {
        case .success(let parsed): request = parsed
        case .failure(let refusal): return .refused(errors: refusal.errors)
        }
        // The time of the tap, for a brew queued on the phone and sent later (issue 46).
        let (at, note) = ServedForm.at(form, context: context, root: root)
        request.at = at
        do {
            let (recording, messages) = try LogCommand.record(request, root: root, command: "brewguide serve (a brew from \(peer ?? "a browser"))", reader: reader)
            let page = "/" + LogPagePath.path(id: recording.log.id, brewedAt: recording.local) + ".html"
            print("saved from \(peer ?? "a browser"): \(recording.log.id) in \(recording.logPath)" + (note.map { "; the time: \($0)" } ?? ""))
            StandardError.write(messages)
            fflush(nil)
            return .created(id: recording.log.id, page: page)
        } catch {
            return ServedForm.refusal(for: error)
        }
    }

    /// The request `log` would make of the same options, or the reasons it would refuse them:
    /// each served field of `LogField.all` read by `GivenLogFields` as `log` reads its option, a
    /// value that is not what it takes said at the form's label (`TDS (%): expected a number`).
    static func request(from form: [String: String]) -> Result<BrewRecorder.Request, FormRefusal> {
        var given: [LogField: String] = [:]
        for field in LogField.settable {
            guard let option = field.option, option.isServed else { continue }
            // A note is kept as typed (its lines' spaces are its own); an empty one is no note.
            let value = option.form?.input == .lines ? form[option.name].flatMap { $0.isEmpty ? nil : $0 } : ServedForm.text(form[option.name])
            given[field] = value
        }
        let recipe = ServedForm.text(form["recipe"])
        let (request, valueErrors) = GivenLogFields.reading(recipeId: recipe ?? "", given: given, naming: label, infinityIsANumber: false)
        var errors = valueErrors
        if recipe == nil { errors.insert("recipe: the recipe brewed is missing (a recipe id such as v60-starter)", at: 0) }
        guard errors.isEmpty else { return .failure(FormRefusal(errors: errors + request.unreadOptions)) }
        return .success(request)
    }

    /// A field as the served form shows it: its label (`TDS (%)`), or its option for one the form does not show.
    static func label(_ field: LogField) -> String {
        field.option?.form.map { $0.shownLabel(for: field.value) } ?? field.option?.flag ?? field.name
    }

    /// Why a form is not a brew `log` would take: its messages.
    struct FormRefusal: Error {
        var errors: [String]
    }
}
