// Microphone chunks for the Live tab, sent every __BATCH_MS__ ms instead of every 100 ms.
//
// Gradio 6's Audio component streams the microphone with a 0.1 s MediaRecorder timeslice whatever the
// event's stream_every says (its Index sets props.stream_every = 0.1), and every chunk costs the server an
// upload and a stream request: 20 of the 23 requests a second an idle Live tab made. This wraps the
// "dataavailable" listeners of the streaming recorder (extendable-media-recorder, whose events come from an
// element, not a native MediaRecorder: the Analyze tab's recordings are left alone) so that the chunks of
// __BATCH_MS__ ms are joined into one Blob, in order, before Gradio sees them. Gradio keeps the first chunk's
// WAV header and appends the raw samples of the others, so a joined chunk reads exactly as its parts did.
// When the microphone is turned off, Gradio drops the chunks that arrive after it (one of 0.1 s before);
// with joined chunks that is up to __BATCH_MS__ ms of the last words, if the person was still talking.
(() => {
  const BATCH_MS = __BATCH_MS__;
  const native = window.MediaRecorder;
  const add = EventTarget.prototype.addEventListener;
  EventTarget.prototype.addEventListener = function (type, listener, options) {
    if (type !== "dataavailable" || (native && this instanceof native) || typeof listener !== "function") {
      return add.call(this, type, listener, options);
    }
    const target = this;
    let parts = [];
    let last = null;
    const flush = () => {
      if (!parts.length) return;
      const data = new Blob(parts, { type: parts[0].type });
      parts = [];
      listener.call(target, { data, type: last.type, timecode: last.timecode });
    };
    const batched = (event) => {
      if (!(event.data instanceof Blob)) return listener.call(target, event);
      if (!parts.length) setTimeout(flush, BATCH_MS - 50); // before the chunk that opens the next batch
      parts.push(event.data);
      last = event;
    };
    return add.call(this, type, batched, options);
  };
})();
