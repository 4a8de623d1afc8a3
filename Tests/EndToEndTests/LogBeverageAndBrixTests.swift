@testable import brewguide
import BrewData
import Foundation
import Testing

/// The brew log's fields as `log` and the phone's save form offer them, against their one
/// declaration (`LogField.all`, issue 49), and the two added that way (issue 52): `--beverage`
/// and `--brix`, recorded, checked, shown on the brew's page ("TDS from Brix") and exported.
@Suite struct LogBeverageAndBrixTests {
    /// `log`'s options are ArgumentParser properties, which no table can make: every declared one
    /// must be there, and a missing one is named.
    @Test(arguments: LogField.all.compactMap(\.option?.flag))
    func logOffersEveryDeclaredOption(_ flag: String) {
        #expect(LogCommand.helpMessage(columns: 400).contains(flag + " "), "log has no \(flag)")
    }

    /// The save form sends every served option by its name (the page declares it: `SaveFormFields`,
    /// checked by `LogFieldOptionsTests.theServedFormsFieldsAreTheSettableOnes`); the endpoint takes it.
    @Test(arguments: LogField.all.compactMap { $0.option?.isServed == true ? $0.option : nil })
    func theSaveFormSendsEveryServedOption(_ option: LogField.Option) throws {
        // Sent as a field of the form, or (the time of the tap) by the form's script itself.
        #expect(option.form != nil || LogFieldOptionsTests.sentByTheScript.contains(option.name), "the save form does not send \(option.name)")
        #expect(ServedLogWrite.fields.contains(option.name))
    }

    @Test func theServedFormReadsBeverageAndBrix() throws {
        let request = try ServedLogWrite.request(from: ["recipe": "v60-starter", "rating": "4", "beverage": "212", "brix": " 1.6 "]).get()
        #expect(request.measures["beverageGrams"] == 212)
        #expect(request.measures["brix"] == 1.6)
        guard case .failure(let refusal) = ServedLogWrite.request(from: ["recipe": "v60-starter", "rating": "4", "brix": "lots"]) else {
            Issue.record("an unreadable Brix was taken")
            return
        }
        #expect(refusal.errors.contains { $0.hasPrefix("Brix (°Bx): ") }, "said at the form's label: \(refusal.errors)")
    }

    @Test func logRecordsBeverageAndBrixAndThePageSaysTheTDSIsFromBrix() throws {
        let journal = try LogCommandTests.journal()
        defer { try? FileManager.default.removeItem(at: journal.deletingLastPathComponent()) }
        let result = try LogCommandTests.log(["v60-starter", "--rating", "4", "--at", "2026-10-01T07:00:00+09:00", "--beverage", "212", "--brix", "1.6"], in: journal)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("Brix 1.6 °Bx (TDS from Brix 1.36 %) · beverage 212 g"), "\(result.stdout)")
        let log = try #require(try LogCommandTests.records(journal.appendingPathComponent("logs/2026-10.json")).first)
        #expect(log["beverageGrams"] as? Double == 212)
        #expect(log["brix"] as? Double == 1.6)
        #expect(log["tds"] == nil)
        let check = try BrewGuideProcess.run(["check", "--data", journal.path])
        #expect(check.status == 0 && check.stdout.isEmpty, "\(check.stdout)")

        let site = journal.deletingLastPathComponent().appendingPathComponent("site")
        let build = try BrewGuideProcess.run(["build", "--data", journal.path, "--output", site.path, "--quiet"])
        #expect(build.status == 0, "\(build.stderr)")
        let pages = FileManager.default.enumerator(atPath: site.path)?.compactMap { $0 as? String }.filter { $0.contains("log-20261001-0700") && $0.hasSuffix(".html") } ?? []
        let page = try String(contentsOf: site.appendingPathComponent(try #require(pages.first)), encoding: .utf8)
        #expect(page.contains("1.36 % (TDS from Brix, × 0.85)"))
        #expect(page.contains("1.6 °Bx"))
        #expect(page.contains("212 g"))

        let export = journal.deletingLastPathComponent().appendingPathComponent("export")
        let exported = try BrewGuideProcess.run(["export", "--data", journal.path, "--format", "csv", "--output", export.path])
        #expect(exported.status == 0, "\(exported.stderr)")
        let csv = try String(contentsOf: export.appendingPathComponent("logs.csv"), encoding: .utf8)
        let lines = csv.split(whereSeparator: \.isNewline)
        #expect(lines.first?.hasSuffix(",beanId,beverageGrams,brix") == true, "\(csv)")
        #expect(lines.dropFirst().first?.hasSuffix(",212,1.6") == true, "\(csv)")
    }

    @Test func logRefusesAnAbsurdBeverageOrBrixWithChecksMessage() throws {
        let journal = try LogCommandTests.journal()
        defer { try? FileManager.default.removeItem(at: journal.deletingLastPathComponent()) }
        let result = try LogCommandTests.log(["v60-starter", "--rating", "4", "--beverage", "-5", "--brix", "80"], in: journal)
        #expect(result.status != 0)
        #expect(result.stderr.contains("error: beverageGrams must be above 0 and at most 5000 g, found -5 g"), "\(result.stderr)")
        #expect(result.stderr.contains("error: brix must be above 0 and at most 30 °Bx, found 80 °Bx"), "\(result.stderr)")
        let written = (try? FileManager.default.contentsOfDirectory(atPath: journal.appendingPathComponent("logs").path)) ?? []
        #expect(written.isEmpty, "nothing is written: \(written)")
    }

    @Test func checkWarnsWhenTDSAndBrixDisagree() throws {
        let journal = try LogCommandTests.journal()
        defer { try? FileManager.default.removeItem(at: journal.deletingLastPathComponent()) }
        let result = try LogCommandTests.log(["v60-starter", "--rating", "4", "--at", "2026-10-01T07:00:00+09:00", "--tds", "1.35", "--brix", "1.4"], in: journal)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("warning: brix 1.4 °Bx is 1.19 % TDS"), "\(result.stderr)")
        let check = try BrewGuideProcess.run(["check", "--data", journal.path])
        #expect(check.stdout.contains("\(journal.path)/logs/2026-10.json:"), "\(check.stdout)")
        #expect(check.stdout.contains(": warning: brix 1.4 °Bx is 1.19 % TDS (TDS ≈ 0.85 × Brix), but tds is 1.35 %: more than 0.1 apart"), "\(check.stdout)")
    }
}
