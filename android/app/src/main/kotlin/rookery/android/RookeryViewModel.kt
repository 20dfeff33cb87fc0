package rookery.android

import android.os.Bundle
import android.os.Handler
import android.os.Looper
import androidx.lifecycle.SavedStateHandle
import androidx.lifecycle.ViewModel
import rookery.ui.SavedState

/**
 * What survives process death: the UI's [SavedState] (the back stack, the new-game choices,
 * each game screen's intents since its last action such as a pending promotion or a confirmed
 * hand-over, "let the bots finish") kept as one Bundle of strings in the Activity's
 * [SavedStateHandle]. The UI writes on any thread; the handle is written on the main thread.
 */
class RookeryViewModel(private val handle: SavedStateHandle) : ViewModel() {
    private val main = Handler(Looper.getMainLooper())

    val saved: SavedState = SavedState(read()) { map ->
        val bundle = Bundle().apply { for ((k, v) in map) putString(k, v) }
        if (Looper.myLooper() == Looper.getMainLooper()) handle[KEY] = bundle else main.post { handle[KEY] = bundle }
    }

    private fun read(): Map<String, String> {
        val b = handle.get<Bundle>(KEY) ?: return emptyMap()
        return b.keySet().mapNotNull { k -> b.getString(k)?.let { k to it } }.toMap()
    }

    private companion object {
        const val KEY = "rookery.ui"
    }
}
