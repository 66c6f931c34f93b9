/**
 * Terminal text for the generator's commands: the runtime's door (templates/runtime/cli/terminal-text.ts),
 * one implementation for both sides. It sits on the floor (beside errors.ts, whose one-line
 * messages print through it), so every stage and tool can reach it.
 */
export { hasHiddenCharacter, terminalLine, terminalText } from "../templates/runtime/cli/terminal-text.js";
