import { endpoint } from "../endpoint";
import {
  frequentSkills,
  listSkills,
  listSubSkills,
  preferredBranches,
  preferredVenues,
} from "@/lib/services/reference";

export const getSkills = endpoint({
  method: "GET",
  path: "/skills",
  summary: "Skills, by order ascending unless sort/order say otherwise",
  tag: "reference",
  auth: "user",
  run: (ctx, { query }) => listSkills(ctx, query),
});

export const getSubSkills = endpoint({
  method: "GET",
  path: "/sub-skills",
  summary: "Skills with a parent (parent_id narrows to one parent)",
  tag: "reference",
  auth: "user",
  run: (ctx, { query }) => listSubSkills(ctx, query),
});

export const getFrequentSkills = endpoint({
  method: "GET",
  path: "/frequentSkills",
  summary: "A company's preferred skills, in order (company_id)",
  tag: "reference",
  auth: "user",
  run: (ctx, { query }) => frequentSkills(ctx, query),
});

export const getPreferredVenues = endpoint({
  method: "GET",
  path: "/preferred-venues",
  summary: "Public venues and the company's own (company_id, country_id)",
  tag: "reference",
  auth: "user",
  run: (ctx, { query }) => preferredVenues(ctx, query),
});

export const getPreferredBranches = endpoint({
  method: "GET",
  path: "/preferred-branches",
  summary: "Branches a job books from (country_id narrows)",
  tag: "reference",
  auth: "user",
  run: (ctx, { query }) => preferredBranches(ctx, query),
});

export const referenceEndpoints = [
  getSkills,
  getSubSkills,
  getFrequentSkills,
  getPreferredVenues,
  getPreferredBranches,
];
