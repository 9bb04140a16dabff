// On the builder opened from the score pad ("Score the table"): sends the finished board
// to the pad game, which scores it with the engine and adds each player's final points
// as the game's last entries, then goes back to the game's page.

const button = document.querySelector("[data-pad-final]");
const error = document.querySelector("[data-pad-final-error]");

button?.addEventListener("click", async () => {
  const builder = window.carcwikiBuilder;
  if (!builder) return;
  button.disabled = true;
  error.textContent = "";
  try {
    const response = await fetch(button.dataset.padFinal, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify(builder.state.toBoard()),
    });
    if (response.status === 201) {
      window.location.assign(button.dataset.padUrl);
      return;
    }
    const body = await response.json().catch(() => ({}));
    error.textContent = (body.errors || []).map((problem) => problem.message).join(" ")
      || `The score pad could not take it (HTTP ${response.status}).`;
  } catch {
    error.textContent = "The score pad could not be reached: check the connection and try again.";
  } finally {
    button.disabled = false;
  }
});
