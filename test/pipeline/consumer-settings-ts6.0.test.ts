/**
 * Generated code compiles under the consumer's settings (issues 19 and 35), not only under the
 * pipeline's own, on TypeScript 6.0: every setting of test/support/consumer-settings.ts, one
 * compiler run each over everything generated, the canaries proving each setting is in effect
 * (docs/binding-repo.md → "The settings it compiles under"). The other compilers have a file each,
 * so their rows run side by side.
 */
import { describeConsumerSettings } from "../support/consumer-settings.js";

describeConsumerSettings("6.0");
