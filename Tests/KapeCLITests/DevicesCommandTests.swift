@testable import KapeCLI
import XCTest

final class DevicesCommandTests: XCTestCase {
    func testLiveAndRecordValidateTheirOptions() {
        XCTAssertThrowsError(try Kape.parseAsRoot(["live", "--duration", "-1"]))
        XCTAssertThrowsError(try Kape.parseAsRoot(["record"]), "-o is required")
        XCTAssertThrowsError(try Kape.parseAsRoot(["rumble", "--strong", "2"]))
        XCTAssertNoThrow(try Kape.parseAsRoot(["devices", "--json", "--probe", "0"]))
        XCTAssertNoThrow(try Kape.parseAsRoot(["live", "event5", "--axes", "x,-z,y", "--json"]))
    }

    /// An empty DEVICE matched every device's name ("".contains) and picked the first: a usage error instead.
    func testAnEmptyDeviceIsAUsageError() throws {
        for command in [["live", ""], ["record", " ", "-o", "x.evemu"], ["rumble", ""]] {
            let out = try KapeRun.run(command)
            XCTAssertEqual(out.status, 2, "\(command): \(out.stderr)")
            XCTAssertTrue(out.stderr.contains("DEVICE is empty"), out.stderr)
        }
    }

    func testModesPrintAsFourOctalDigits() {
        XCTAssertEqual(octal4(0o660), "0660")
        XCTAssertEqual(octal4(0), "0000")
    }
}
