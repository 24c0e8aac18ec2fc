import { router } from "../../trpc";
import { prices } from "./prices";
import { checkout, portal } from "./sessions";
import { subscription } from "./subscription";
import { webhooks } from "./webhooks";

export const billingRouter = router({ prices, checkout, portal, subscription, webhooks });
