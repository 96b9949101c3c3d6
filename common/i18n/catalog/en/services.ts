/** Names of the services (categories, by id) and of the subscription plans (by id). */
export const services = {
  'services.category.interior-design': 'Interior Design',
  'services.category.decor': 'Decor',
  'services.category.furniture': 'Furniture',
  'services.category.outdoor': 'Outdoor',
  'services.category.dural': 'Dural',
  'services.category.flooring': 'Flooring',
  'services.category.painting': 'Painting',
  'services.category.lights': 'Lights',
  'services.category.bathroom': 'Bathroom',
  'services.category.unknown': 'Unknown Category',
  'services.plan.basic': 'Basic',
  'services.plan.standard': 'Standard',
  'services.plan.premium': 'Premium',
} as const;
