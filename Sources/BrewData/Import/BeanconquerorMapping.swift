import BrewKit
import Foundation

/// How one Beanconqueror brew becomes a brew log, or why it does not (docs/IMPORT.md gives the
/// same rules field by field). Pure: a brew and the recipes in, a log and its pour out.
///
/// - Only pour-overs are kept. A V60 (preparation type `V60`, or a custom preparation named
///   "…V60…") is filed under `--recipe` or the closest V60 recipe (`RecipeMatch`). Another
///   pour-over (a Chemex) is outside the PRD's V60 scope: it is kept only when `--recipe` names
///   the recipe to file it under, with the app's method in `method`. Espresso and every other
///   style are skipped with the reason.
/// - Dose is `grind_weight`. The yield is `brew_quantity`, the water poured (grams; millilitres
///   of water count as grams; fluid ounces are converted); brewguide's yield is the water of a
///   recipe, not the drink. With no `brew_quantity`, the scale's highest reading is the water
///   poured. A brew without a dose or water is skipped.
/// - The drink's weight, `brew_beverage_quantity`, is the log's `beverageGrams` (the beverage
///   mass of the control chart's percolation extraction, TDS × beverage ÷ dose) when it is above
///   0 and in grams (`GR`, `G`, or no unit, as for the water) and within the log's bounds; a
///   weight in another unit (`ML`, `OZ`: a volume of coffee is not its mass) or out of bounds is
///   not used and a remark says so. 0 means not weighed and gives nothing.
/// - A temperature of 0 (not entered) or above 100 °C, and a grind that is not fine, medium or
///   coarse, are taken from the recipe and named in `fromRecipe`; the app's grind stays in
///   `grinderSetting`.
/// - Rating: 0 means not rated and gives no rating. Otherwise `round(rating × 5 / scale)` whole
///   stars, at least 1, where the scale is the app's `brew_rating` setting (5 unless changed);
///   a rating above the scale is refused rather than guessed.
public enum BeanconquerorMapping {
    public static let source = "beanconqueror"

    public struct Options: Sendable {
        /// The recipes a brew may be filed under, in library order (starters first).
        public var recipes: [Recipe]
        /// The recipe named with `--recipe`.
        public var namedRecipe: Recipe?
        /// The top of the app's rating scale.
        public var ratingScale: Double

        public init(recipes: [Recipe], namedRecipe: Recipe? = nil, ratingScale: Double = 5) {
            self.recipes = recipes
            self.namedRecipe = namedRecipe
            self.ratingScale = ratingScale
        }
    }

    public struct Imported: Sendable {
        public var log: BrewLog
        public var flow: BrewFlow?
        public var match: RecipeMatch
        /// What was changed on the way in (a note shortened, samples left out).
        public var remarks: [String]
    }

    public enum Outcome: Sendable {
        case imported(Imported)
        /// Left out by a rule of brewguide's (not a pour-over, outside the V60 scope): not an error.
        case skipped(String)
        /// Cannot be made a brew log (no uuid, no time, no dose, no water, a rating above the
        /// scale, nowhere to file it): an error, and the command's exit status is 1.
        case refused(String)
    }

    /// Preparation types of the app that are pour-overs, for brews whose style is not given.
    static let pourOverTypes: Set<String> = ["V60", "CHEMEX", "KALITA_WAVE", "ORIGAMI", "BEEHOUSE", "MELITTA", "KONO", "APRIL", "CAFEC_FLOWER", "BLUE_BOTTLE", "GINA", "STAGG", "WILFA", "SWORKS", "TIMEMORE", "COLD_DRIP"]

    /// `config.unix_timestamp` is seconds since 1970; one of 100,000,000,000 or more (the year
    /// 5138 in seconds, 1973 in milliseconds) is read as milliseconds, as some exports write it.
    public static let millisecondsFrom = 100_000_000_000.0
    /// Seconds since 1970 after which a timestamp is not taken as one (the year 2286).
    public static let latestUnixSeconds = 10_000_000_000.0

    public static func map(_ brew: BeanconquerorBrew, options: Options) -> Outcome {
        guard !brew.uuid.isEmpty else { return .refused("it has no config.uuid, so a second import could not recognise it") }
        guard let seconds = brew.unixTimestamp else { return .refused("it has no config.unix_timestamp (when it was brewed)") }
        guard seconds > 0, seconds < latestUnixSeconds else {
            return .refused("its config.unix_timestamp \(Format.number(seconds)) is not a time (expected seconds since 1970, such as 1672238504)")
        }
        let what = describe(brew)
        let style = brew.styleType.map { ShownText.escaped($0.uppercased().replacingOccurrences(of: "_", with: " ")) }
        let type = brew.preparationType?.uppercased() ?? ""
        if let style, style != "POUR OVER" {
            return .skipped("\(style == "ESPRESSO" ? "an espresso" : "a \(style.lowercased()) brew") (\(what)), not a pour-over: brewguide keeps pour-over brews only")
        }
        if style == nil, !pourOverTypes.contains(type) {
            return .skipped("its preparation (\(what)) is not known to be a pour-over: brewguide keeps pour-over brews only")
        }
        let isV60 = type == "V60" || (brew.preparationName ?? "").lowercased().contains("v60")
        let method = isV60 ? BrewLog.recordedMethod : methodName(brew)
        if !isV60, options.namedRecipe == nil {
            return .skipped("a \(what) is outside brewguide's V60 scope; to keep it, import it with --recipe RECIPE_ID to file it under one of your recipes (its method \"\(method)\" is kept)")
        }
        guard let dose = brew.grindWeight, dose > 0 else { return .refused("it has no dose (grind_weight is \(Format.number(brew.grindWeight ?? 0)))") }
        var remarks: [String] = []
        let water: Double
        if let quantity = brew.brewQuantity, quantity > 0 {
            switch (brew.brewQuantityType ?? "GR").uppercased() {
            case "GR", "G", "ML": water = quantity
            case "OZ": water = quantity * 29.5735
            case let unit: return .refused("its water is in a unit brewguide does not know (\(ShownText.escaped(unit)))")
            }
        } else if let highest = brew.weightSamples.map(\.grams).max(), highest > 0 {
            water = highest.rounded()
            remarks.append("water from the scale's highest reading, \(Format.grams(water)) (brew_quantity is 0)")
        } else {
            return .refused("it has no water amount (brew_quantity is 0 and there are no weight samples)")
        }

        var beverage: Double?
        if let quantity = brew.beverageQuantity, quantity > 0 {
            let unit = (brew.beverageQuantityType ?? "GR").uppercased()
            if unit != "GR" && unit != "G" {
                remarks.append("the drink's weight (\(Format.number(quantity)) \(ShownText.escaped(unit.lowercased()))) is not in grams, so it is not kept as the beverage mass")
            } else if quantity > BrewLogValidator.maximumBeverageGrams {
                remarks.append("the drink's weight, \(Format.grams(quantity)), is above \(Format.grams(BrewLogValidator.maximumBeverageGrams)), so it is not kept as the beverage mass")
            } else {
                beverage = quantity
            }
        }

        let match: RecipeMatch
        if let named = options.namedRecipe {
            match = RecipeMatch(recipeId: named.id, recipeName: named.name, reason: .named)
        } else if let closest = RecipeMatch.closest(doseGrams: dose, ratio: water / dose, among: options.recipes) {
            match = closest
        } else {
            return .refused("there is no recipe to file it under (the data has no starter recipe)")
        }
        guard let recipe = options.namedRecipe ?? options.recipes.first(where: { $0.id == match.recipeId }) else {
            return .refused("there is no recipe to file it under")
        }

        var fromRecipe: [String] = []
        let temperature: Double
        if let given = brew.temperature, given > 0, given <= 100 {
            temperature = given
        } else {
            temperature = recipe.defaultWaterTemperature
            fromRecipe.append("waterTemperatureCelsius")
        }
        let grind: GrindLabel
        var grinderSetting: String?
        if let size = brew.grindSize, let label = GrindLabel(rawValue: size.lowercased()) {
            grind = label
        } else {
            grind = recipe.defaultGrindLabel
            fromRecipe.append("grindLabel")
            grinderSetting = brew.grindSize.map { String($0.prefix(BrewLogValidator.maximumSettingCharacters)) }
        }

        var rating: Int?
        if let given = brew.rating, given > 0 {
            guard given <= options.ratingScale else {
                return .refused("its rating \(Format.number(given)) is above the top of the rating scale, \(Format.number(options.ratingScale)); give --rating-scale with the app's scale (its brew_rating setting)")
            }
            rating = min(5, max(1, Int((given * 5 / options.ratingScale).rounded(.toNearestOrAwayFromZero))))
        }

        // Control characters other than tabs and line breaks, which `check` refuses in any text,
        // are taken out of the texts a person typed (the uuid is an id: a brew with one is skipped).
        var cleaned: [String] = []
        func clean(_ text: String?, _ field: String) -> String? {
            guard let text, ShownText.firstForbiddenControl(in: text) != nil else { return text }
            cleaned.append(field)
            var kept = String.UnicodeScalarView()
            for scalar in text.unicodeScalars where !ShownText.isControl(scalar) || scalar == "\t" || scalar == "\n" { kept.append(scalar) }
            let result = String(kept).trimmingCharacters(in: .whitespacesAndNewlines)
            return result.isEmpty ? nil : result
        }
        var note = clean(brew.note, "note")
        if let text = note, text.count > BrewLog.maximumNoteCharacters {
            note = String(text.prefix(BrewLog.maximumNoteCharacters - 1)) + "…"
            remarks.append("the note was shortened to \(BrewLog.maximumNoteCharacters) characters")
        }
        let brewSeconds = brew.brewSeconds.flatMap { $0 > 0 && $0 <= BrewLogValidator.maximumBrewSeconds ? $0 : nil }
        let bloomSeconds = brew.bloomSeconds.flatMap { $0 > 0 && $0 <= BrewLogValidator.maximumBloomSeconds && $0 < (brewSeconds ?? .infinity) ? $0 : nil }
        func name(_ text: String?, _ field: String) -> String? {
            clean(text, field).map { String($0.prefix(BrewLogValidator.maximumNameCharacters)) }
        }
        let bean = name(brew.beanName, "bean"), roaster = name(brew.roaster, "roaster"), mill = name(brew.millName, "mill")
        grinderSetting = clean(grinderSetting, "grinderSetting")
        if !cleaned.isEmpty { remarks.append("control characters were taken out of \(cleaned.joined(separator: ", "))") }

        let timestamp = Date(timeIntervalSince1970: seconds.rounded(.down))
        let id = logID(uuid: brew.uuid, timestamp: timestamp)
        var log = BrewLog(
            id: id, timestamp: timestamp, method: method, recipeId: recipe.id, recipeNameAtBrew: recipe.name,
            doseGrams: dose, targetYieldGrams: water, waterTemperatureCelsius: temperature, grindLabel: grind,
            rating: rating, note: note, bean: bean, roaster: roaster, mill: mill,
            grinderSetting: grinderSetting, brewTimeSeconds: brewSeconds.map { ($0 * 1000).rounded() / 1000 }, bloomSeconds: bloomSeconds,
            tds: brew.tds.flatMap { $0 > 0 && $0 <= BrewLogValidator.maximumTDSPercent ? $0 : nil },
            extractionYieldPercent: brew.extractionYield.flatMap { $0 > 0 && $0 <= BrewLogValidator.maximumExtractionYieldPercent ? $0 : nil },
            source: source, sourceId: String(brew.uuid.prefix(BrewLogValidator.maximumNameCharacters)), fromRecipe: fromRecipe)
        log.beverageGrams = beverage
        var flow: BrewFlow?
        if brew.weightSamples.count >= 2 {
            flow = BrewFlow(logId: id, source: source, samples: brew.weightSamples)
            if let problem = brew.flowProblem { remarks.append(problem) }
        }
        return .imported(Imported(log: log, flow: flow, match: match, remarks: remarks))
    }

    /// The bag of beans a brew was made from, as the journal keeps it (`beans/`): its name and
    /// roaster, the roast and buy days (the UTC day of the app's moment), weight and cost (in
    /// cents; the app keeps no currency). Its id is the same at every import: `bc-bean-` and the
    /// app's bean uuid when it has one (a backup), else the name and the roast day. Nil without a name.
    public static func bag(of brew: BeanconquerorBrew) -> CoffeeBean? {
        guard let name = brew.beanName?.trimmingSpaces, !name.isEmpty else { return nil }
        func day(_ text: String?) -> String? {
            guard let text = text?.trimmingSpaces, text.count >= 10 else { return nil }
            let day = String(text.prefix(10))
            return PlanDay.problem(with: day) == nil ? day : nil
        }
        func slug(_ text: String) -> String {
            var slug = ""
            for scalar in text.lowercased().unicodeScalars {
                if ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar) { slug.unicodeScalars.append(scalar) } else if !slug.hasSuffix("-") { slug += "-" }
            }
            return String(slug.trimmingCharacters(in: CharacterSet(charactersIn: "-")).prefix(40))
        }
        let roast = day(brew.beanRoastingDate)
        let uuid = brew.beanUUID.map(slug) ?? ""
        let id = "bc-bean-" + (uuid.isEmpty ? [slug(name), roast?.replacingOccurrences(of: "-", with: "")].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: "-") : String(uuid.prefix(13)))
        let roaster = brew.roaster?.trimmingSpaces
        return CoffeeBean(id: id, name: name, roaster: roaster?.isEmpty == false ? roaster : nil, roastDate: roast,
                          weightGrams: brew.beanWeight.flatMap { $0 > 0 ? $0 : nil },
                          priceCents: brew.beanCost.flatMap { $0 > 0 && $0 < 1e7 ? Int(($0 * 100).rounded()) : nil },
                          boughtOn: day(brew.beanBuyDate))
    }

    /// `bc-20221228-1441-d8647dd2`: the time (UTC) and the first 8 letters and digits of the uuid,
    /// so the same brew always gets the same id and the id is safe as a file name.
    public static func logID(uuid: String, timestamp: Date) -> String {
        let civil = ISO8601.string(from: timestamp)  // 2022-12-28T14:41:44Z
        let digits = civil.unicodeScalars.filter { ("0"..."9").contains($0) }.map(Character.init)
        let day = String(digits.prefix(8)), time = String(digits.dropFirst(8).prefix(4))
        let tail = String(uuid.lowercased().unicodeScalars.filter { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0)) }.prefix(8).map(Character.init))
        return "bc-\(day)-\(time)-\(tail.isEmpty ? "brew" : tail)"
    }

    /// `Chemex`, `Sanremo (espresso)`: how a brew is named in messages.
    static func describe(_ brew: BeanconquerorBrew) -> String {
        ShownText.escaped(brew.preparationName ?? brew.preparationType?.lowercased() ?? "unknown preparation")
    }

    /// The app's preparation type as a method name: `CHEMEX` → `chemex`; a custom one by its name.
    static func methodName(_ brew: BeanconquerorBrew) -> String {
        let type = brew.preparationType ?? ""
        let raw = type.isEmpty || type.uppercased().hasPrefix("CUSTOM") ? (brew.preparationName ?? "pour-over") : type
        var token = String(raw.lowercased().unicodeScalars.map { scalar -> Character in
            scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "_") ? Character(scalar) : "-"
        })
        while token.contains("--") { token = token.replacingOccurrences(of: "--", with: "-") }
        token = token.trimmingCharacters(in: CharacterSet(charactersIn: "-"))
        return token.isEmpty ? "pour-over" : String(token.prefix(BrewLogValidator.maximumSettingCharacters))
    }
}
