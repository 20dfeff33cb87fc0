package rookery.android

import android.app.Application
import uniffi.rookery_bindings.GameLibrary

/** One [GameLibrary] per process (a second open of the same database is LibraryLocked). */
class RookeryApplication : Application() {
    val library: GameLibrary by lazy { GameLibrary(filesDir.resolve("saves").path) }
}
