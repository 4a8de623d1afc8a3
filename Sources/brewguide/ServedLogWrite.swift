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

    /// The measured numbers the form gives as plain numbers: every served measure but the brew
    /// time, which is read as `log` reads `--brew-time` (M:SS or seconds).
    static let numberMeasures = LogField.all.filter { field in
        guard case .number = field.value, let option = field.option, option.isServed else { return false }
        return field.isMeasure && field.name != "brewTimeSeconds"
    }

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

    /// The request `log` would make of the same options, or the reasons it would refuse them.
    static func request(from form: [String: String]) -> Result<BrewRecorder.Request, FormRefusal> {
        var errors: [String] = []
        func text(_ name: String) -> String? { ServedForm.text(form[name]) }
        func number(_ name: String) -> Double? {
            guard let value = text(name) else { return nil }
            guard let number = Double(value), number.isFinite else {
                errors.append(ServedForm.notANumber(value, option: "--\(name)"))
                return nil
            }
            return number
        }
        let recipe = text("recipe")
        if recipe == nil { errors.append("recipe: the recipe brewed is missing (a recipe id such as v60-starter)") }
        var rating: Int?
        if let value = text("rating") {
            rating = Int(value)
            if rating == nil { errors.append("--rating: expected a whole number from 1 to 5, found \(FoundValue.quoted(value, limit: 40))") }
        } else {
            errors.append("--rating: how it tasted, 1 to 5 stars, is missing")
        }
        // As `log` does: a brew time that cannot be read is said with every other problem of the brew.
        var brewTime: Double?
        var unreadBrewTime: [String] = []
        if let value = text("brew-time") {
            do { brewTime = try LogCommand.seconds(value) } catch let error as ValidationError { unreadBrewTime.append(error.message) } catch { errors.append("\(error)") }
        }
        let dose = number("dose"), yield = number("yield"), temperature = number("temperature")
        var measures: [String: Double] = [:]
        for field in numberMeasures { measures[field.name] = number(field.option!.name) }
        guard errors.isEmpty, let recipe, let rating else { return .failure(FormRefusal(errors: errors + unreadBrewTime)) }
        var request = BrewRecorder.Request(
            recipeId: recipe, rating: rating, tasteTag: text("tag"), note: form["note"].flatMap { $0.isEmpty ? nil : $0 },
            doseGrams: dose, targetYieldGrams: yield, waterTemperatureCelsius: temperature, grindLabel: text("grind"), at: text("at"),
            bean: text("bean"), roaster: text("roaster"), grinderSetting: text("grinder-setting"), brewTimeSeconds: brewTime,
            beanId: text("bean-id"))
        request.measures.merge(measures) { _, given in given }
        request.unreadOptions = unreadBrewTime
        return .success(request)
    }

    /// Why a form is not a brew `log` would take: its messages.
    struct FormRefusal: Error {
        var errors: [String]
    }
}
