import BrewData
import BrewServe
import Foundation

/// `POST /_api/kitchen/cooked` of `serve --edit`/`--lan`: "I cooked this" from a kitchen recipe
/// page or the end of cook mode, with the fields of `brewguide kitchen cooked` named as its long
/// options (`recipe` for its argument; no `photo`: a phone has no file in the data folder),
/// through `KitchenCookedCommand.record`, the code the command runs (the same checks and words,
/// the same data lock, the same atomic append to `kitchen/cooked.json`). Answered 201 with the
/// log's id and the recipe's page, which shows "Made N times" once the site is rebuilt.
enum ServedKitchenCooked {
    static let path = "/_api/kitchen/cooked"
    static let fields: Set<String> = ["recipe", "at", "servings", "rating", "note"]

    static func endpoint(root: String) -> WriteEndpoint {
        WriteEndpoint(path: path, knownFields: fields) { form, context in
            await ServedForm.onOwnThread { outcome(of: form, root: root, from: context.peerAddress, context: context) }
        }
    }

    static func outcome(of form: [String: String], root: String, from peer: String?, context: WriteContext = WriteContext(peerAddress: nil)) -> WriteOutcome {
        var request: KitchenCookedCommand.Request
        switch Self.request(from: form) {
        case .success(let parsed): request = parsed
        case .failure(let refusal): return .refused(errors: refusal.errors)
        }
        // The time of the tap, for a cook queued on the phone and sent later (issue 46).
        let (at, note) = ServedForm.at(form, context: context, root: root)
        request.at = at
        do {
            let (log, said) = try KitchenCookedCommand.record(request, root: root, command: "brewguide serve (a cook from \(peer ?? "a browser"))")
            print("cooked from \(peer ?? "a browser"): \(log.id) in \((root as NSString).appendingPathComponent(CookLogsKind.file)); \(said)" + (note.map { "; the time: \($0)" } ?? ""))
            fflush(nil)
            let page = log.recipeID.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed.subtracting(CharacterSet(charactersIn: "/"))) ?? log.recipeID
            return .created(id: log.id, page: "/kitchen/recipes/\(page).html")
        } catch {
            return ServedForm.refusal(for: error)
        }
    }

    /// The request `kitchen cooked` would get from the same options, or why the form is not one.
    static func request(from form: [String: String]) -> Result<KitchenCookedCommand.Request, ServedLogWrite.FormRefusal> {
        var errors: [String] = []
        let recipe = ServedForm.text(form["recipe"])
        if recipe == nil { errors.append("recipe: the kitchen recipe cooked is missing (a recipe id such as shakshuka)") }
        var servings: Double?
        if let value = ServedForm.text(form["servings"]) {
            servings = Double(value).flatMap { $0.isFinite ? $0 : nil }
            if servings == nil { errors.append(ServedForm.notANumber(value, option: "--servings")) }
        }
        var rating: Int?
        if let value = ServedForm.text(form["rating"]) {
            rating = Int(value)
            if rating == nil { errors.append("--rating: expected a whole number from 1 to 5, found \(FoundValue.quoted(value, limit: 40))") }
        }
        guard errors.isEmpty, let recipe else { return .failure(ServedLogWrite.FormRefusal(errors: errors)) }
        return .success(KitchenCookedCommand.Request(recipeId: recipe, at: ServedForm.text(form["at"]), servings: servings, rating: rating,
                                                     note: form["note"].flatMap { $0.isEmpty ? nil : $0 }))
    }
}
