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

    func testModesPrintAsFourOctalDigits() {
        XCTAssertEqual(octal4(0o660), "0660")
        XCTAssertEqual(octal4(0), "0000")
    }
}
