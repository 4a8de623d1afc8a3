import ArgumentParser
import BrewData
import BrewKit
import Foundation

/// `brewguide bean add|edit|finish`: the bags of beans in `beans/` (`CoffeeBean`, `BeansKind`),
/// each written under the data lock, checked as `check` checks a bag, the file replaced atomically.
struct BeanCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bean",
        abstract: "Keep the bags of beans you brew from (beans/), so each brew shows how old its bag was.",
        subcommands: [Add.self, Edit.self, Finish.self]
    )

    /// What a bag's options give; nil: not given.
    struct Details: ParsableArguments {
        @Option(help: "The roaster's name.") var roaster: String?
        @Option(help: "Where it was grown (Guji, Ethiopia).") var origin: String?
        @Option(help: "washed, natural, honey, …") var process: String?
        @Option(help: "The roast date, YYYY-MM-DD.") var roasted: String?
        @Option(help: "The day it was bought, YYYY-MM-DD.") var bought: String?
        @Option(parsing: .unconditional, help: "The bag's weight in grams.") var weight: Double?
        @Option(parsing: .unconditional, help: "What it cost, such as 18.50 (with --currency).") var price: Double?
        @Option(help: "The price's currency, three letters such as EUR.") var currency: String?
        @Option(help: "The day it went into the freezer, YYYY-MM-DD (adds a freeze).") var frozen: String?
        @Option(help: "The day it came out of the freezer, YYYY-MM-DD (ends the last freeze).") var thawed: String?

        /// `bean` with what was given put in; the problems with the given values, in the options' words.
        func applied(to bean: CoffeeBean) -> (bean: CoffeeBean, problems: [String]) {
            var bean = bean
            var problems: [String] = []
            func day(_ text: String?, _ option: String) -> String? {
                guard let text = text?.trimmingSpaces else { return nil }
                if let problem = PlanDay.problem(with: text) { problems.append("--\(option): \(problem)"); return nil }
                return text
            }
            if let roaster { bean.roaster = roaster.trimmingSpaces }
            if let origin { bean.origin = origin.trimmingSpaces }
            if let process { bean.process = process.trimmingSpaces }
            if let roasted = day(roasted, "roasted") { bean.roastDate = roasted }
            if let bought = day(bought, "bought") { bean.boughtOn = bought }
            if let weight { bean.weightGrams = weight }
            if let price {
                if price >= 0, price.isFinite, price < 1e9 { bean.priceCents = Int((price * 100).rounded()) } else { problems.append("--price: expected an amount of 0 or more, such as 18.50") }
            }
            if let currency { bean.currency = currency.trimmingSpaces.uppercased() }
            if let frozen = day(frozen, "frozen") { bean.freezes.append(.init(frozenOn: frozen)) }
            if let thawed = day(thawed, "thawed") {
                if let last = bean.freezes.indices.last, bean.freezes[last].thawedOn == nil {
                    bean.freezes[last].thawedOn = thawed
                } else {
                    problems.append("--thawed: the bag is not in the freezer (give --frozen first)")
                }
            }
            return (bean, problems)
        }
    }

    struct Add: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Add a bag of beans; prints its id, for log --bean-id.")
        @Argument(help: "The bean's name (Ethiopia Guji).") var name: String
        @OptionGroup var details: Details
        @OptionGroup var dataOptions: DataOptions

        func run() throws {
            print(try BeanCommand.write(root: dataOptions.data, command: "brewguide bean add") { beans, root in
                let base = "bean-" + BeanCommand.slug(name)
                let id = try FreshRecordID(kind: .bean, takenIDs: beans.map(\.value.id), root: root).make(base: base)
                let made = details.applied(to: CoffeeBean(id: id, name: name.trimmingSpaces))
                return (made.bean, nil, made.problems, "Added the bag \(name.trimmingSpaces) (\(id))")
            })
        }
    }

    struct Edit: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Change a bag of beans: its details, or a freeze (--frozen, --thawed).")
        @Argument(help: "The bag's id.") var id: String
        @Option(help: "A new name.") var name: String?
        @OptionGroup var details: Details
        @OptionGroup var dataOptions: DataOptions

        func run() throws {
            print(try BeanCommand.write(root: dataOptions.data, command: "brewguide bean edit") { beans, _ in
                let located = try BeanCommand.find(id, in: beans)
                var bean = located.value
                if let name { bean.name = name.trimmingSpaces }
                let made = details.applied(to: bean)
                return (made.bean, located.source.record.file, made.problems, "Changed the bag \(made.bean.name) (\(bean.id))")
            })
        }
    }

    struct Finish: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Mark a bag of beans used up; the save form no longer offers it.")
        @Argument(help: "The bag's id.") var id: String
        @Option(help: "The day it was finished, YYYY-MM-DD (default: today).") var on: String?
        @OptionGroup var dataOptions: DataOptions

        func run() throws {
            print(try BeanCommand.write(root: dataOptions.data, command: "brewguide bean finish") { beans, _ in
                let located = try BeanCommand.find(id, in: beans)
                var bean = located.value
                var problems: [String] = []
                let day = on?.trimmingSpaces ?? PlanDay.string(from: RunClock.now())
                if let problem = PlanDay.problem(with: day) { problems.append("--on: \(problem)") }
                bean.finishedOn = day
                return (bean, located.source.record.file, problems, "Finished the bag \(bean.name) (\(bean.id)) on \(day)")
            })
        }
    }

    /// The bag with `id`, or a refusal with the closest id.
    static func find(_ id: String, in beans: [Located<CoffeeBean>]) throws(CommandError) -> Located<CoffeeBean> {
        let wanted = id.trimmingSpaces
        if let found = beans.first(where: { $0.value.id == wanted }) { return found }
        throw CommandError(CoffeeBean.logReference.message(naming: wanted, known: beans.map(\.value.id)).replacingOccurrences(of: "beanId: ", with: "") + "\nnothing was written")
    }

    /// `ethiopia-guji` from "Ethiopia Guji!": lower-case letters and digits, runs of others one `-`.
    static func slug(_ name: String) -> String {
        var slug = ""
        for scalar in name.lowercased().unicodeScalars {
            if ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar) { slug.unicodeScalars.append(scalar) } else if !slug.hasSuffix("-") { slug += "-" }
        }
        let trimmed = slug.trimmingCharacters(in: CharacterSet(charactersIn: "-"))
        return trimmed.isEmpty ? "bag" : String(trimmed.prefix(48))
    }

    /// Under the data lock: reads the bags, lets `make` give the bag to write (and the file it was
    /// read from), checks it as `check` would and writes it; returns what is said.
    static func write(root: String, command: String,
                      _ make: ([Located<CoffeeBean>], String) throws -> (bean: CoffeeBean, file: String?, problems: [String], said: String)) throws -> String {
        let lock = try CommandLock.data(root, for: command)
        defer { lock.release() }
        let result = DataDirectoryReader(root: root).read()
        let beansFolder = (root as NSString).appendingPathComponent(BeansKind.folder) + "/"
        let fileErrors = result.validated.diagnostics.filter { $0.severity == .error && $0.location.file.hasPrefix(beansFolder) }
        if !fileErrors.isEmpty {
            throw CommandError("the bags of beans in beans/ must be fixed first (brewguide check); nothing was written", findings: fileErrors)
        }
        var (bean, file, problems, said) = try make(result.validated.dataset.beans, root)
        bean.updatedAt = Date(timeIntervalSince1970: RunClock.now().timeIntervalSince1970.rounded(.down))
        if problems.isEmpty { problems = BeansKind.problems(of: bean) }
        guard problems.isEmpty else { throw CommandError(problems.joined(separator: "\nerror: ") + "\nnothing was written") }
        try BeansKind.write(bean, replacingIn: file, root: root)
        return said
    }
}
