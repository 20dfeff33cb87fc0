import XCTest
import RookeryBindings
@testable import RookeryKit
final class SmokeTests: XCTestCase { func testVersion() { XCTAssertFalse(Kit.version().isEmpty); print(catalogue().count) } }
