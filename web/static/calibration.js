/* The calibration page: the camera image (with what vision reads drawn over it, or not), refreshed
   every two seconds, the camera's status, and the two calibration buttons. */
"use strict";

(() => {
  const { t, pick, bound, api, live, showCamera } = Tock;
  const image = bound("camera-image");
  const missing = bound("no-camera");
  const overlay = bound("overlay");

  function refresh() {
    image.src = `/api/camera.jpg?overlay=${overlay.checked ? 1 : 0}&t=${Date.now()}`;
  }
  image.addEventListener("load", () => { image.hidden = false; missing.hidden = true; });
  image.addEventListener("error", () => { image.hidden = true; missing.hidden = false; });
  overlay.addEventListener("change", refresh);
  setInterval(refresh, 2000);
  refresh();

  for (const button of document.querySelectorAll("[data-calibrate]")) {
    button.addEventListener("click", async () => {
      const result = bound("calibration-result");
      button.disabled = true;
      try {
        const answer = await api("POST", "/api/calibrate", { what: button.dataset.calibrate });
        result.textContent = pick(answer) || t("done");
        refresh();
      } catch (error) {
        result.textContent = pick(error.body) || t("error");
      } finally {
        button.disabled = false;
      }
    });
  }

  function render(view) {
    const camera = view.camera || {};
    showCamera("camera", camera, t("no_camera"));
  }
  render(Tock.page.view);
  live("/events", render);
})();
